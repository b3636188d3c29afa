// The one way a quality run is sent (the API's "Run now", a new version, the twin's changes, the
// nightly schedule, the ops CLI): keyed by the run, so a double send queues it once.
import type { PgBoss } from 'pg-boss';
import { type EnqueueOptions, enqueue } from './enqueue.ts';

/** Queues the scoring of one run; with `tx`, only if the caller's transaction (which inserted the run) commits. */
export function enqueueQualityRun(
  boss: PgBoss,
  runId: string,
  options: Pick<EnqueueOptions, 'tx' | 'changes'> = {},
): Promise<string | null> {
  return enqueue(boss, 'quality.run', { runId }, { ...options, singletonKey: runId });
}
