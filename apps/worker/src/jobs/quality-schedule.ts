// The scheduled quality runs (docs/quality.md): `quality.changed` every ten minutes for twins whose
// setup changed since their last run, `quality.nightly` for every live twin. Each run's job is
// sent in the transaction that inserts the run.
import { changedTwinIds, type EnqueueRun, liveTwinIds, queueRuns } from '@doppel/domain/quality';
import type { FollowUp, JobHandler } from './types.ts';

function enqueueWith(followUp: FollowUp): EnqueueRun {
  return (tx, runId) => followUp('quality.run', { runId }, { tx, singletonKey: runId });
}

export const runQualityChanged: JobHandler<'quality.changed'> = async (_payload, { db, followUp }) => {
  // Without a queue to send runs to (a handler called outside a worker), inserting them would strand them.
  if (!followUp) return { queued: 0 };
  const runIds = await queueRuns(db, await changedTwinIds(db), 'TWIN_CHANGED', enqueueWith(followUp));
  return { queued: runIds.length };
};

export const runQualityNightly: JobHandler<'quality.nightly'> = async (_payload, { db, followUp }) => {
  if (!followUp) return { queued: 0 };
  const runIds = await queueRuns(db, await liveTwinIds(db), 'NIGHTLY', enqueueWith(followUp));
  return { queued: runIds.length };
};

/** For the models.fine-tune job: a version that just SUCCEEDED gets its runs in the same transaction. */
export function qualityRunEnqueuer(followUp: FollowUp): EnqueueRun {
  return enqueueWith(followUp);
}
