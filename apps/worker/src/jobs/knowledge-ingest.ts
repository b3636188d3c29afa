// Reads one knowledge source revision into passages (the domain's ingestSource). A file we cannot
// read ends the source FAILED with its reason and the job completes; anything else is thrown for
// pg-boss to retry, and the last attempt leaves the source FAILED with a generic reason.
import { ingestSource } from '@doppel/domain/knowledge';
import { jobCatalog } from '@doppel/jobs';
import type { JobHandler } from './types.ts';

export const runKnowledgeIngest: JobHandler<'knowledge.ingest'> = async (payload, { db, log, job, services }) => {
  const { knowledge } = services;
  if (!knowledge) throw new Error('This worker was started without the document reader and web page fetcher');
  const lastAttempt = job.retryCount >= jobCatalog['knowledge.ingest'].queue.retryLimit;
  const outcome = await ingestSource(
    db,
    { storage: services.storage, reader: knowledge.reader, fetcher: knowledge.fetcher, llm: services.llm },
    payload,
    { lastAttempt },
  );
  if (outcome.status === 'FAILED') log.info('knowledge source failed', { sourceId: payload.sourceId, reason: outcome.reason });
  return {
    sourceId: payload.sourceId,
    revision: payload.revision,
    status: outcome.status,
    passages: outcome.status === 'READY' ? outcome.passages : null,
    characters: outcome.status === 'READY' ? outcome.characters : null,
    reason: outcome.status === 'FAILED' ? outcome.reason : null,
  };
};
