// Quality runs (docs/quality.md): one scoring of a twin's check set. A run is inserted QUEUED here
// and scored by the worker's `quality.run` job; the caller sends that job in the same transaction
// (enqueueQualityRun from @doppel/jobs), so a run never waits for a job that was not sent.
import { newId, type QualityRunTrigger, qualityRuns, type Transaction } from '@doppel/db';

export type NewQualityRun = {
  talentId: string;
  /** The version to answer with; null or absent: the twin's current setup (its default). */
  modelVersionId?: string | null;
  trigger: QualityRunTrigger;
};

/** Inserts a QUEUED run and answers its id. */
export async function createQualityRun(tx: Transaction, run: NewQualityRun): Promise<string> {
  const id = newId();
  await tx.insert(qualityRuns).values({
    id,
    talentId: run.talentId,
    modelVersionId: run.modelVersionId ?? null,
    trigger: run.trigger,
  });
  return id;
}
