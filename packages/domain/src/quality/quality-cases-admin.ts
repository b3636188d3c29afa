// An admin's work on a twin's check set (admin.quality.*, docs/quality.md): list it by category,
// add and edit their own (ADMIN) cases, switch any case on or off, delete an ADMIN case, and "Run
// now". AUTO cases follow the twin's material (the refresh rewrites them), so an admin only
// switches one off; editing or deleting it would be undone by the next refresh.
import {
  type Executor,
  models,
  modelVersions,
  qualityCases,
  qualityRuns,
  recordChanges,
  type Transaction,
  talents,
} from '@doppel/db';
import {
  type QualityCaseAddInput,
  type QualityCasesOutput,
  type QualityCaseUpdateInput,
  qualityCategories,
} from '@doppel/validation';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { DomainError } from '../errors.ts';
import { hasActiveRun, qualityChanged } from './quality-views.ts';
import { createQualityRun } from './runs.ts';

const categoryOrder = sql.raw(`array_position(array[${qualityCategories.map((c) => `'${c}'`).join(', ')}]::text[], category)`);

async function assertTalent(db: Executor, talentId: string): Promise<void> {
  const [talent] = await db.select({ id: talents.id }).from(talents).where(eq(talents.id, talentId));
  if (!talent) throw new DomainError('NOT_FOUND', 'Talent not found');
}

/** `admin.quality.cases`: the whole check set (a few hundred cases at most), by category then oldest first. */
export async function listQualityCases(db: Executor, talentId: string): Promise<QualityCasesOutput> {
  await assertTalent(db, talentId);
  const rows = await db
    .select()
    .from(qualityCases)
    .where(eq(qualityCases.talentId, talentId))
    .orderBy(categoryOrder, asc(qualityCases.createdAt), asc(qualityCases.id));
  return {
    cases: rows.map((row) => ({
      id: row.id,
      category: row.category,
      origin: row.origin,
      question: row.question,
      expected: row.expected,
      enabled: row.enabled,
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
}

/** The case, locked, when it is the twin's; NOT_FOUND otherwise (another twin's id tells nothing). */
async function lockCase(tx: Transaction, talentId: string, caseId: string) {
  const [found] = await tx
    .select()
    .from(qualityCases)
    .where(and(eq(qualityCases.id, caseId), eq(qualityCases.talentId, talentId)))
    .for('update');
  if (!found) throw new DomainError('NOT_FOUND', 'This check does not exist.');
  return found;
}

const autoCaseRefusal = 'This check follows the twin’s material: switch it off instead.';

export async function addQualityCase(tx: Transaction, input: QualityCaseAddInput): Promise<{ caseId: string }> {
  await assertTalent(tx, input.talentId);
  const [row] = await tx
    .insert(qualityCases)
    .values({
      talentId: input.talentId,
      category: input.category,
      origin: 'ADMIN',
      question: input.question,
      expected: input.expected,
    })
    .returning({ id: qualityCases.id });
  if (!row) throw new Error('the quality case insert returned no row');
  await recordChanges(tx, [qualityChanged(input.talentId, 'quality_cases', row.id)]);
  return { caseId: row.id };
}

export async function updateQualityCase(tx: Transaction, input: QualityCaseUpdateInput): Promise<void> {
  const found = await lockCase(tx, input.talentId, input.caseId);
  if (found.origin !== 'ADMIN') throw new DomainError('INVALID', autoCaseRefusal);
  await tx
    .update(qualityCases)
    .set({ category: input.category, question: input.question, expected: input.expected, updatedAt: new Date() })
    .where(eq(qualityCases.id, found.id));
  await recordChanges(tx, [qualityChanged(input.talentId, 'quality_cases', found.id)]);
}

export async function switchQualityCase(
  tx: Transaction,
  input: { talentId: string; caseId: string; enabled: boolean },
): Promise<void> {
  const found = await lockCase(tx, input.talentId, input.caseId);
  await tx.update(qualityCases).set({ enabled: input.enabled, updatedAt: new Date() }).where(eq(qualityCases.id, found.id));
  await recordChanges(tx, [qualityChanged(input.talentId, 'quality_cases', found.id)]);
}

/** Deletes an ADMIN case with its results in old runs (their scores stay as they were). */
export async function deleteQualityCase(tx: Transaction, input: { talentId: string; caseId: string }): Promise<void> {
  const found = await lockCase(tx, input.talentId, input.caseId);
  if (found.origin !== 'ADMIN') throw new DomainError('INVALID', autoCaseRefusal);
  await tx.delete(qualityCases).where(eq(qualityCases.id, found.id));
  await recordChanges(tx, [qualityChanged(input.talentId, 'quality_cases', found.id)]);
}

/**
 * `admin.quality.runNow`: a MANUAL run of the twin's current setup, or of a SUCCEEDED version of
 * the twin's model; `startRun` sends its job in this transaction (enqueueQualityRun). A check of the
 * same setup already waiting or running is refused rather than queued twice.
 */
export async function startManualQualityRun(
  tx: Transaction,
  input: { talentId: string; modelVersionId?: string | null | undefined },
  startRun: (runId: string) => Promise<void>,
): Promise<{ runId: string }> {
  // The twin row is locked so two clicks cannot both find no active run ('no key update': fan
  // messages and other rows that reference the twin are not held up).
  const [talent] = await tx.select({ id: talents.id }).from(talents).where(eq(talents.id, input.talentId)).for('no key update');
  if (!talent) throw new DomainError('NOT_FOUND', 'Talent not found');
  const versionId = input.modelVersionId || null;
  if (versionId) {
    const [version] = await tx
      .select({ status: modelVersions.status, fineTunedModelId: modelVersions.fineTunedModelId })
      .from(modelVersions)
      .innerJoin(models, eq(models.id, modelVersions.modelId))
      .where(and(eq(modelVersions.id, versionId), eq(models.talentId, input.talentId)));
    if (!version) throw new DomainError('NOT_FOUND', 'This version does not belong to the twin’s model.');
    if (version.status !== 'SUCCEEDED' || !version.fineTunedModelId) {
      throw new DomainError('INVALID', 'Only a version that succeeded can be checked.');
    }
  }
  if (await hasActiveRun(tx, input.talentId, versionId)) {
    throw new DomainError('CONFLICT', 'A check of this setup is already waiting or running.');
  }
  const runId = await createQualityRun(tx, { talentId: input.talentId, modelVersionId: versionId, trigger: 'MANUAL' });
  await recordChanges(tx, [qualityChanged(input.talentId, 'quality_runs', runId)]);
  await startRun(runId);
  return { runId };
}

/**
 * The twin's check set and the checks waiting, as the audit log records an admin's change to them
 * (in the talent's History): each case as one readable line, keyed by its id.
 */
export async function readTalentQualityForAudit(db: Executor, talentId: string): Promise<Record<string, unknown>> {
  const [{ cases }, waiting] = await Promise.all([
    listQualityCases(db, talentId),
    db
      .select({ id: qualityRuns.id, modelVersionId: qualityRuns.modelVersionId, trigger: qualityRuns.trigger })
      .from(qualityRuns)
      .where(and(eq(qualityRuns.talentId, talentId), inArray(qualityRuns.status, ['QUEUED', 'RUNNING']))),
  ]);
  return {
    qualityCases: Object.fromEntries(
      cases.map((c) => [c.id, `${c.category}${c.enabled ? '' : ' (off)'}: ${c.question} → ${c.expected}`]),
    ),
    qualityChecksWaiting: Object.fromEntries(
      waiting.map((run) => [run.id, `${run.trigger} check of ${run.modelVersionId ?? 'the current setup'}`]),
    ),
  };
}
