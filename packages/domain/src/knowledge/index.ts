// The twin's knowledge (docs/knowledge.md): the creator's sources.
export { listSources } from './list-sources.ts';
export {
  addFileSource,
  addTextSource,
  addUrlSource,
  type KnowledgeIngestJob,
  type KnowledgeSourceDeps,
  knowledgeFolder,
  loadSource,
} from './sources-add.ts';
export { deleteSource, refetchSource, renameSource } from './sources-edit.ts';
export {
  detectKnowledgeFormat,
  knowledgeFileExtension,
  knowledgeFileExtensions,
  knowledgeFormatOfPath,
  pastedTextFormat,
} from './sources-format.ts';
export { knowledgeSourceMessages, knowledgeSourceView, recordKnowledgeSourceChange } from './sources-view.ts';
