// The twin's knowledge sources (docs/knowledge.md): what a creator adds and how it becomes passages.
export {
  failIngestion,
  genericIngestFailure,
  type IngestOutcome,
  type IngestPorts,
  ingestLimits,
  ingestSource,
  knowledgeSourceChanged,
} from './ingest-source.ts';
export { documentCharacters, type PassageDraft, passageSizes, splitPassages } from './split-passages.ts';
