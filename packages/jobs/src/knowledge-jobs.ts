// The one way a knowledge source's ingestion is sent, by the API (a new source, a re-fetch) and the
// ops CLI: the same payload and singleton key, so one job per source revision waits at a time.
import type { PgBoss } from 'pg-boss';
import { type EnqueueOptions, enqueue } from './enqueue.ts';

/** One queued ingestion per source revision. */
export const knowledgeIngestKey = (sourceId: string, revision: number): string => `${sourceId}:${revision}`;

/**
 * Queues the ingestion of one source revision; with `tx`, only if the caller's transaction (the
 * one that wrote the source row) commits. `changes` are the caller's own change events, recorded
 * with the job's wake-up. Returns the job id, or null when that revision already has a job waiting.
 */
export function enqueueKnowledgeIngest(
  boss: PgBoss,
  source: { sourceId: string; revision: number },
  options: Pick<EnqueueOptions, 'tx' | 'changes'> = {},
): Promise<string | null> {
  return enqueue(boss, 'knowledge.ingest', source, {
    ...options,
    singletonKey: knowledgeIngestKey(source.sourceId, source.revision),
  });
}
