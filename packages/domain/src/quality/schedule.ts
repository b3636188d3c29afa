// When runs happen (docs/quality.md), besides an admin's "Run now": a new model version, the twin's
// setup changing, and every night. Each creates QUEUED runs and has the caller's `enqueueRun` send
// their jobs in the same transaction (the domain does not know the queue).
import { type Database, models, modelVersions, type QualityRunTrigger, qualityRuns, type Transaction } from '@doppel/db';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { createQualityRun } from './runs.ts';

export type EnqueueRun = (tx: Transaction, runId: string) => Promise<void>;

/** A DONE run of the twin's current setup younger than this makes a new version's baseline run unnecessary. */
export const baselineFreshMs = 24 * 60 * 60 * 1000;
/** The twin's setup must have rested this long before its change is checked: a creator edits in bursts. */
export const changeDebounceMs = 10 * 60 * 1000;
/** At most this many twins get a run per sweep or night: the rest wait for the next one. */
export const scheduledRunLimit = 200;

/**
 * A version just SUCCEEDED (call inside the transaction that marks it): one run for the version and,
 * unless a DONE run of the twin's current setup is under a day old, one for the current setup, so
 * the two compare. A version of a model with no twin gets none. Answers the runs' ids.
 */
export async function scheduleVersionRuns(tx: Transaction, versionId: string, enqueueRun: EnqueueRun): Promise<string[]> {
  const [owner] = await tx
    .select({ talentId: models.talentId })
    .from(modelVersions)
    .innerJoin(models, eq(models.id, modelVersions.modelId))
    .where(eq(modelVersions.id, versionId))
    .limit(1);
  if (!owner?.talentId) return [];
  const talentId = owner.talentId;
  const [fresh] = await tx
    .select({ id: qualityRuns.id })
    .from(qualityRuns)
    .where(
      and(
        eq(qualityRuns.talentId, talentId),
        isNull(qualityRuns.modelVersionId),
        eq(qualityRuns.status, 'DONE'),
        gt(qualityRuns.finishedAt, new Date(Date.now() - baselineFreshMs)),
      ),
    )
    .limit(1);
  const runIds = [await createQualityRun(tx, { talentId, modelVersionId: versionId, trigger: 'NEW_VERSION' })];
  if (!fresh) runIds.push(await createQualityRun(tx, { talentId, trigger: 'NEW_VERSION' }));
  for (const runId of runIds) await enqueueRun(tx, runId);
  return runIds;
}

/** A twin fans can chat with: tagged, consent confirmed, not hidden, configured, with at least one chat. */
const liveTwin = sql`t.tag is not null and t.consent_confirmed_at is not null and t.hidden_from_fans_at is null
  and exists (select 1 from talent_configs c where c.id = t.id)
  and exists (select 1 from chats ch where ch.talent_id = t.id)`;

/** No run of the twin is waiting or running: a new one would only repeat it. */
const noOpenRun = sql`not exists (select 1 from quality_runs r where r.talent_id = t.id and r.status in ('QUEUED', 'RUNNING'))`;

/** Every live twin, for the nightly runs (at most `limit`, those without a recent run first). */
export async function liveTwinIds(db: Database, limit = scheduledRunLimit): Promise<string[]> {
  const rows = await db.execute<{ id: string }>(sql`
    select t.id from talents t
    where ${liveTwin} and ${noOpenRun}
    order by (select max(r.created_at) from quality_runs r where r.talent_id = t.id) asc nulls first, t.id
    limit ${limit}`);
  return rows.map((row) => row.id);
}

/**
 * Twins whose setup (persona and settings, the app's prompt templates, their FAQ, knowledge
 * sources or corrections) changed after their last run and has rested `changeDebounceMs` since.
 * A twin never checked waits for the nightly run.
 */
export async function changedTwinIds(db: Database, now = new Date(), limit = scheduledRunLimit): Promise<string[]> {
  const restedBefore = new Date(now.getTime() - changeDebounceMs).toISOString();
  const rows = await db.execute<{ id: string }>(sql`
    with setup as (
      select t.id,
        greatest(
          t.updated_at,
          (select c.updated_at from talent_configs c where c.id = t.id),
          (select a.updated_at from app_configs a where a.id = 'default'),
          (select f.updated_at from talent_configs c join faqs f on f.id = c.faq_id where c.id = t.id),
          (select max(k.updated_at) from knowledge_sources k where k.talent_id = t.id),
          (select max(tc.updated_at) from talent_corrections tc where tc.talent_id = t.id)
        ) as changed_at,
        (select max(r.created_at) from quality_runs r where r.talent_id = t.id) as last_run_at
      from talents t
      where ${liveTwin} and ${noOpenRun}
    )
    select id from setup
    where last_run_at is not null and changed_at > last_run_at and changed_at < ${restedBefore}::timestamptz
    order by changed_at, id
    limit ${limit}`);
  return rows.map((row) => row.id);
}

/** One QUEUED run per twin (with its current setup), each sent in its own transaction. */
export async function queueRuns(
  db: Database,
  talentIds: readonly string[],
  trigger: QualityRunTrigger,
  enqueueRun: EnqueueRun,
): Promise<string[]> {
  const runIds: string[] = [];
  for (const talentId of talentIds) {
    runIds.push(
      await db.transaction(async (tx) => {
        const runId = await createQualityRun(tx, { talentId, trigger });
        await enqueueRun(tx, runId);
        return runId;
      }),
    );
  }
  return runIds;
}
