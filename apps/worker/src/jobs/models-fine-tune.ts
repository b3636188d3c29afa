// Takes model versions through fine-tuning (docs/fine-tuning.md). With a version id: one step of
// its pipeline, then a follow-up poll while the provider works, backing off from 15 seconds to 5
// minutes with the version's age. Without one (the five-minute schedule): every version still in
// progress gets its own job, so a version whose follow-up was lost in a crash is picked up again.
import type { Transaction } from '@doppel/db';
import { advanceModelVersion, versionsInProgress } from '@doppel/domain/models';
import { scheduleVersionRuns } from '@doppel/domain/quality';
import { createFineTuningRegistry } from '@doppel/integrations';
import { qualityRunEnqueuer } from './quality-schedule.ts';
import type { JobHandler, JobOutput } from './types.ts';

/** Seconds until the next poll of a version `ageMs` old: often at first, then rarely. */
export function pollDelaySeconds(ageMs: number): number {
  const minutes = ageMs / 60_000;
  if (minutes < 2) return 15;
  if (minutes < 15) return 60;
  return 300;
}

export const runModelsFineTune: JobHandler<'models.fine-tune'> = async (payload, { db, log, services, followUp }) => {
  // No provider given: the offline fine-tuner alone, as on a bare machine.
  const fineTuners = services.fineTuning ?? createFineTuningRegistry({});
  if (!payload.versionId) {
    const versionIds = await versionsInProgress(db);
    for (const versionId of versionIds) await followUp?.('models.fine-tune', { versionId }, { singletonKey: versionId });
    const output: JobOutput = { swept: versionIds.length };
    return output;
  }
  // A version that succeeds is checked against the twin's current setup (docs/quality.md).
  const onSucceeded = followUp
    ? (tx: Transaction, version: { id: string }) =>
        scheduleVersionRuns(tx, version.id, qualityRunEnqueuer(followUp)).then(() => {})
    : undefined;
  const step = await advanceModelVersion(db, fineTuners, payload.versionId, onSucceeded);
  log.info('model version advanced', step);
  if (!step.done && followUp) {
    const delay = pollDelaySeconds(Date.now() - step.createdAt.getTime());
    await followUp(
      'models.fine-tune',
      { versionId: payload.versionId },
      { singletonKey: payload.versionId, startAfter: new Date(Date.now() + delay * 1000) },
    );
  }
  return { versionId: step.versionId, status: step.status, done: step.done };
};
