// The twin's knowledge (docs/knowledge.md): the creator's sources and how each becomes passages.
export {
  failIngestion,
  genericIngestFailure,
  type IngestOutcome,
  type IngestPorts,
  ingestLimits,
  ingestSource,
  knowledgeSourceChanged,
} from './ingest-source.ts';
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
  knowledgeFileExtension,
  knowledgeFileExtensions,
  knowledgeFormatOfPath,
  pastedTextFormat,
} from './sources-format.ts';
export { knowledgeSourceMessages, knowledgeSourceView, recordKnowledgeSourceChange } from './sources-view.ts';
export { documentCharacters, type PassageDraft, passageSizes, splitPassages } from './split-passages.ts';
