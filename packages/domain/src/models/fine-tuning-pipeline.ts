// The fine-tuning pipeline of one model version (docs/fine-tuning.md), one step per call, each step
// safe to repeat after a crash:
//   UPLOADING_TRAINING_FILE: the examples go up as JSONL (found again by file name if uploaded
//   before a crash), then the provider job is created (found again by the version id in its
//   metadata), and the version moves to FINE_TUNING with the job id;
//   FINE_TUNING: the job is polled; succeeded -> SUCCEEDED with the fine-tuned model id and the
//   organisation, failed or cancelled -> FAILED with the provider's message.
// A provider refusal fails the version with the provider's words. Finishing either way gives back
// the app config's fine-tuning slot, so the next version can be generated.
import { appConfigs, type Database, defaultAppId, models, modelVersions, recordChanges, type Transaction } from '@doppel/db';
import type { ModelVersionStatus } from '@doppel/validation';
import { and, eq, inArray } from 'drizzle-orm';
import { modelChanged } from '../admin/models/scopes.ts';
import { type FineTuningJobState, FineTuningRefusedError, type FineTuningRegistry } from '../ports/fine-tuning.ts';

export type FineTuningStep = { versionId: string; status: ModelVersionStatus; done: boolean; createdAt: Date };

type VersionRow = typeof modelVersions.$inferSelect;

/** The version's examples as the provider's chat fine-tuning file: one JSON object per line. */
export function trainingJsonl(version: Pick<VersionRow, 'trainingExamples'>): string {
  return `${version.trainingExamples.map((example) => JSON.stringify({ messages: example.messages })).join('\n')}\n`;
}

async function announce(tx: Transaction, version: VersionRow, slotFreed: boolean): Promise<void> {
  const [model] = await tx.select({ talentId: models.talentId }).from(models).where(eq(models.id, version.modelId));
  await recordChanges(tx, [
    ...modelChanged(version.modelId, model?.talentId ?? null, ['models', 'model_versions']),
    ...(slotFreed ? [{ entity: 'app_configs', rowId: defaultAppId, scopes: ['admin'] }] : []),
  ]);
}

/**
 * Called inside the transaction that marks a version SUCCEEDED, so what follows from it (the quality
 * runs comparing it with the twin's current setup) exists exactly when the success does.
 */
export type OnVersionSucceeded = (tx: Transaction, version: VersionRow) => Promise<void>;

/** Writes the version's new state; a finished version gives back the fine-tuning slot it held. */
async function save(
  db: Database,
  version: VersionRow,
  change: Partial<VersionRow>,
  onSucceeded?: OnVersionSucceeded,
): Promise<VersionRow> {
  return db.transaction(async (tx) => {
    const [saved] = await tx
      .update(modelVersions)
      .set({ ...change, updatedAt: new Date() })
      .where(and(eq(modelVersions.id, version.id), inArray(modelVersions.status, ['UPLOADING_TRAINING_FILE', 'FINE_TUNING'])))
      .returning();
    // Finished meanwhile (another run of this job): nothing to write.
    if (!saved) return version;
    const finished = saved.status === 'SUCCEEDED' || saved.status === 'FAILED';
    let slotFreed = false;
    if (finished) {
      const freed = await tx
        .update(appConfigs)
        .set({ fineTuningModelId: null })
        .where(and(eq(appConfigs.id, defaultAppId), eq(appConfigs.fineTuningModelId, version.modelId)))
        .returning({ id: appConfigs.id });
      slotFreed = freed.length > 0;
    }
    await announce(tx, saved, slotFreed);
    if (saved.status === 'SUCCEEDED') await onSucceeded?.(tx, saved);
    return saved;
  });
}

function jobOutcome(job: FineTuningJobState): Partial<VersionRow> {
  if (job.status === 'succeeded') {
    return {
      status: 'SUCCEEDED',
      fineTunedModelId: job.fineTunedModelId,
      openAiOrganisationId: job.organisationId,
      openAiFineTuningJobId: job.jobId,
    };
  }
  if (job.status === 'failed' || job.status === 'cancelled') {
    return {
      status: 'FAILED',
      errorMessage:
        job.errorMessage ?? (job.status === 'cancelled' ? 'The fine-tuning job was cancelled.' : 'Fine-tuning failed.'),
      openAiOrganisationId: job.organisationId,
      openAiFineTuningJobId: job.jobId,
    };
  }
  return { status: 'FINE_TUNING', openAiFineTuningJobId: job.jobId, openAiOrganisationId: job.organisationId };
}

/**
 * Takes the version one step further with its own provider's fine-tuner; `done` once it has
 * SUCCEEDED or FAILED (or is gone).
 */
export async function advanceModelVersion(
  db: Database,
  fineTuners: Pick<FineTuningRegistry, 'fineTunerFor'>,
  versionId: string,
  onSucceeded?: OnVersionSucceeded,
): Promise<FineTuningStep> {
  const [found] = await db.select().from(modelVersions).where(eq(modelVersions.id, versionId));
  if (!found) return { versionId, status: 'FAILED', done: true, createdAt: new Date() };
  let version = found;
  if (version.status === 'SUCCEEDED' || version.status === 'FAILED') {
    return { versionId, status: version.status, done: true, createdAt: version.createdAt };
  }
  const port = fineTuners.fineTunerFor(version.provider);
  try {
    if (version.status === 'UPLOADING_TRAINING_FILE') {
      let fileId = version.openAiTrainingFileId;
      if (!fileId) {
        fileId =
          (await port.findTrainingFile(version.id))?.fileId ??
          (await port.uploadTrainingFile({ versionId: version.id, jsonl: trainingJsonl(version) })).fileId;
        version = await save(db, version, { openAiTrainingFileId: fileId });
      }
      const job =
        (await port.findJob(version.id)) ??
        (await port.createJob({ versionId: version.id, trainingFileId: fileId, baseModel: version.base }));
      version = await save(db, version, jobOutcome(job), onSucceeded);
    } else {
      const job = version.openAiFineTuningJobId
        ? await port.getJob(version.openAiFineTuningJobId)
        : await port.findJob(version.id);
      // FINE_TUNING without a job anywhere: the step before never finished; start it again.
      version = await save(db, version, job ? jobOutcome(job) : { status: 'UPLOADING_TRAINING_FILE' }, onSucceeded);
    }
  } catch (error) {
    if (!(error instanceof FineTuningRefusedError)) throw error;
    version = await save(db, version, { status: 'FAILED', errorMessage: error.message });
  }
  const done = version.status === 'SUCCEEDED' || version.status === 'FAILED';
  return { versionId, status: version.status, done, createdAt: version.createdAt };
}

/** Versions still uploading or fine-tuning: what the schedule's sweep advances. */
export async function versionsInProgress(db: Database): Promise<string[]> {
  const rows = await db
    .select({ id: modelVersions.id })
    .from(modelVersions)
    .where(inArray(modelVersions.status, ['UPLOADING_TRAINING_FILE', 'FINE_TUNING']));
  return rows.map((row) => row.id);
}
