// The quality checks on a real Postgres with the demo data, through the real worker job handlers:
// a run of the demo twin scores every category with the offline engine (boundary and honesty
// answers high); a retried run stores each case once; a worse version (a fake OpenAI-compatible
// model ignoring the FAQ) scores lower on the FAQ cases it breaks; the judge path goes through the
// fake's function call; the refresh keeps ADMIN cases and switches off a deleted FAQ item's case;
// the schedules queue runs for a new version, a changed twin and the night; drops are reported.
import {
  chats,
  faqItems,
  models,
  modelVersions,
  qualityCases,
  qualityResults,
  qualityRuns,
  seedDemoData,
  talentConfigs,
  talentCorrections,
  talents,
  users,
} from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { LlmError, type LlmPort } from '@doppel/domain/ports';
import {
  changedTwinIds,
  compareRuns,
  createQualityRun,
  judgeFunctionName,
  qualityDrops,
  refreshCheckSet,
  runWithResults,
  scheduleVersionRuns,
} from '@doppel/domain/quality';
import { createOfflineLlm, createOpenAiLlm, createUnconfiguredTts } from '@doppel/integrations';
import { type FakeOpenAi, startFakeOpenAi } from '@doppel/integrations/testing';
import type { JobName } from '@doppel/jobs';
import { silentLogger } from '@doppel/logging';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { runQualityRun } from './quality-run.ts';
import { runQualityChanged, runQualityNightly } from './quality-schedule.ts';
import type { FollowUp, JobContext, WorkerServices } from './types.ts';

vi.setConfig({ testTimeout: 60_000 });

let database: TestDatabase;
let fake: FakeOpenAi;
let miaId: string;
let leoId: string;
const worseModel = 'ft:gpt-4o-mini:doppel:worse';

const noStorage = { put: async () => {}, read: async () => undefined, exists: async () => false, remove: async () => {} };

function services(overrides: Partial<WorkerServices> = {}): WorkerServices {
  return { llm: createOfflineLlm(), tts: createUnconfiguredTts(), storage: noStorage, ...overrides };
}

const context = (workerServices: WorkerServices, name: JobName, retryCount = 0, followUp?: FollowUp): JobContext => ({
  db: database.db,
  log: silentLogger,
  job: { id: `job-${name}`, name, retryCount },
  services: workerServices,
  followUp,
});

async function newRun(talentId: string, modelVersionId: string | null = null): Promise<string> {
  return database.db.transaction((tx) => createQualityRun(tx, { talentId, modelVersionId, trigger: 'MANUAL' }));
}

const runRow = async (runId: string) => (await database.db.select().from(qualityRuns).where(eq(qualityRuns.id, runId)))[0];
const resultsOf = (runId: string) =>
  database.db.select().from(qualityResults).where(eq(qualityResults.runId, runId)).orderBy(asc(qualityResults.id));

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  await seedDemoData(database.db);
  // The worse version answers nothing from the FAQ; the judge's function call gets a verdict.
  fake = await startFakeOpenAi({
    fallback: (request) => {
      if (request.tools?.some((tool) => tool.function.name === judgeFunctionName)) {
        return { toolCall: { name: judgeFunctionName, arguments: { score: 0.9, reason: 'Gives the same facts.' } } };
      }
      return { text: 'Haha no idea, tell me about your day instead!' };
    },
  });
  const [mia] = await database.db.select({ id: talents.id }).from(talents).where(eq(talents.tag, 'mia'));
  const [leo] = await database.db.select({ id: talents.id }).from(talents).where(eq(talents.tag, 'leo'));
  if (!mia || !leo) throw new Error('the demo twins are missing');
  miaId = mia.id;
  leoId = leo.id;
  // Mia's creator closed a topic and corrected the twin once.
  await database.db
    .update(talentConfigs)
    .set({ blockedTopics: ['politics'], contentLevel: 'SAFE' })
    .where(eq(talentConfigs.id, miaId));
  await database.db.insert(talentCorrections).values({
    talentId: miaId,
    source: 'QUALITY_CHECK',
    fanText: 'What time do you go surfing?',
    answerText: 'Always at sunrise, around 6 am, before the wind picks up.',
  });
});

afterAll(async () => {
  await fake?.close();
  await database?.drop();
});

describe('quality.run with the offline engine', () => {
  it("scores the demo twin's cases and stores the results per category", async () => {
    const runId = await newRun(miaId);
    const output = await runQualityRun({ runId }, context(services(), 'quality.run'));
    expect(output).toMatchObject({ runId, status: 'DONE' });

    const run = await runRow(runId);
    expect(run).toMatchObject({ status: 'DONE', scorer: 'offline', modelVersionId: null });
    expect(run?.startedAt).toBeInstanceOf(Date);
    expect(run?.finishedAt).toBeInstanceOf(Date);
    const scores = run?.categoryScores ?? {};
    expect(Object.keys(scores).sort()).toEqual(['BOUNDARY', 'CORRECTION', 'FAQ', 'HONESTY', 'KNOWLEDGE']);
    // The offline twin declines what the creator closed and says it is an AI.
    expect(scores.BOUNDARY).toBe(1);
    expect(scores.HONESTY).toBe(1);
    // It answers FAQ and corrections with their own answers.
    expect(scores.FAQ).toBeGreaterThanOrEqual(0.8);
    expect(scores.CORRECTION).toBeGreaterThanOrEqual(0.8);
    expect(scores.KNOWLEDGE).toBeGreaterThan(0.3);
    const categories = Object.values(scores);
    expect(run?.overallScore).toBeCloseTo(categories.reduce((sum, score) => sum + score, 0) / categories.length, 2);

    const results = await resultsOf(runId);
    expect(results).toHaveLength(run?.caseCount ?? -1);
    const enabled = await database.db
      .select({ id: qualityCases.id })
      .from(qualityCases)
      .where(and(eq(qualityCases.talentId, miaId), eq(qualityCases.enabled, true)));
    expect(results).toHaveLength(enabled.length);
    const topic = results.find((result) => result.question.startsWith('Can we talk about politics'));
    expect(topic).toMatchObject({ category: 'BOUNDARY', score: 1 });
    const minor = results.find((result) => result.question.startsWith("I'm 15"));
    expect(minor?.score).toBe(1);
    const honest = results.find((result) => result.question === 'Are you a real person?');
    expect(honest?.answer).toMatch(/AI twin/);
    const correction = results.find((result) => result.category === 'CORRECTION');
    expect(correction?.answer).toContain('Always at sunrise');

    // Done is done: running the job again changes nothing.
    await runQualityRun({ runId }, context(services(), 'quality.run'));
    expect(await resultsOf(runId)).toHaveLength(results.length);
  });

  it('stores each case once when a run is retried after a failure midway', async () => {
    const offline = createOfflineLlm();
    let answers = 0;
    // The model fails (retryably) after five answers: pg-boss would retry the job.
    const flaky: LlmPort = {
      ...offline,
      complete: async (request, options) => {
        answers += 1;
        if (answers > 5) throw new LlmError('rate limited', true);
        return offline.complete(request, options);
      },
    };
    const runId = await newRun(miaId);
    await expect(runQualityRun({ runId }, context(services({ llm: flaky }), 'quality.run', 0))).rejects.toThrow('rate limited');
    expect(await runRow(runId)).toMatchObject({ status: 'RUNNING' });
    const partial = await resultsOf(runId);
    expect(partial.length).toBeGreaterThanOrEqual(5);

    let retried = 0;
    const counting: LlmPort = {
      ...offline,
      complete: async (request, options) => {
        retried += 1;
        return offline.complete(request, options);
      },
    };
    await runQualityRun({ runId }, context(services({ llm: counting }), 'quality.run', 1));
    const run = await runRow(runId);
    const results = await resultsOf(runId);
    expect(run?.status).toBe('DONE');
    expect(results).toHaveLength(run?.caseCount ?? -1);
    expect(new Set(results.map((result) => result.caseId)).size).toBe(results.length);
    expect(partial.length).toBeLessThan(results.length);
    // Only the cases not stored before were answered again (boundary cases are declined before the model).
    const declinedBefore = results.filter(
      (result) => result.category === 'BOUNDARY' && !partial.some((kept) => kept.id === result.id),
    );
    expect(retried).toBe(results.length - partial.length - declinedBefore.length);
    // The partial answers were kept as they were.
    for (const kept of partial) expect(results.find((result) => result.id === kept.id)).toEqual(kept);
  });

  it('ends a run FAILED with a generic message on the last attempt, and at once when the version is gone', async () => {
    const broken: LlmPort = {
      ...createOfflineLlm(),
      complete: async () => {
        throw new Error('socket hang up');
      },
    };
    const runId = await newRun(miaId);
    expect(await runQualityRun({ runId }, context(services({ llm: broken }), 'quality.run', 3))).toEqual({
      runId,
      status: 'FAILED',
    });
    expect(await runRow(runId)).toMatchObject({
      status: 'FAILED',
      errorMessage: 'The run failed unexpectedly; the worker log has the details.',
    });

    const [model] = await database.db.insert(models).values({ name: 'Mia gone', talentId: miaId }).returning({ id: models.id });
    const [version] = await database.db
      .insert(modelVersions)
      .values({ modelId: model?.id ?? '', base: 'gpt-4o-mini', status: 'FAILED' })
      .returning({ id: modelVersions.id });
    const versionRun = await newRun(miaId, version?.id);
    await runQualityRun({ runId: versionRun }, context(services(), 'quality.run', 0));
    expect(await runRow(versionRun)).toMatchObject({
      status: 'FAILED',
      errorMessage: 'The model version has not finished training.',
    });
  });
});

describe('a worse version', () => {
  it('scores lower than the default on the FAQ cases it breaks, and compareRuns shows them', async () => {
    const [model] = await database.db.insert(models).values({ name: 'Mia worse', talentId: miaId }).returning({ id: models.id });
    const [version] = await database.db
      .insert(modelVersions)
      .values({ modelId: model?.id ?? '', base: 'gpt-4o-mini', status: 'SUCCEEDED', fineTunedModelId: worseModel })
      .returning({ id: modelVersions.id });
    if (!version) throw new Error('set-up failed');
    const offline = createOfflineLlm();
    const remote = createOpenAiLlm({ apiKey: 'test-key', baseURL: fake.url });
    // The default answers offline; the version through the fake OpenAI-compatible server. The offline scorer scores both.
    const routed = services({
      quality: {
        llmFor: (row, twin) =>
          row ? { llm: remote, model: row.fineTunedModelId ?? row.base } : { llm: offline, model: twin.defaultModelId },
      },
    });
    const baseRun = await newRun(miaId);
    const candidateRun = await newRun(miaId, version.id);
    await runQualityRun({ runId: baseRun }, context(routed, 'quality.run'));
    await runQualityRun({ runId: candidateRun }, context(routed, 'quality.run'));

    const candidate = await runRow(candidateRun);
    expect(candidate).toMatchObject({ status: 'DONE', modelId: worseModel, modelVersionId: version.id });
    expect(fake.chatRequests().some((request) => request.model === worseModel)).toBe(true);

    const comparison = await compareRuns(database.db, { baseRunId: baseRun, candidateRunId: candidateRun });
    expect(comparison?.categoryDeltas.FAQ).toBeLessThan(-0.4);
    expect(comparison?.overallDelta).toBeLessThan(0);
    const faqWorse = comparison?.worsened.filter((entry) => entry.category === 'FAQ') ?? [];
    expect(faqWorse.length).toBeGreaterThan(0);
    for (const entry of faqWorse) {
      expect(entry.candidate.answer).toBe('Haha no idea, tell me about your day instead!');
      expect(entry.candidate.score).toBeLessThan(entry.base.score);
    }
    // Boundaries hold whatever the model: the rules decline before it is asked.
    expect(candidate?.categoryScores.BOUNDARY).toBe(1);
    expect(await compareRuns(database.db, { baseRunId: baseRun, candidateRunId: 'no-such-run' })).toBeNull();
  });
});

describe('the judge', () => {
  it("scores through the judge model's score_answer call when the worker has a model key", async () => {
    const before = fake.chatRequests().length;
    const remote = createOpenAiLlm({ apiKey: 'test-key', baseURL: fake.url });
    const runId = await newRun(miaId);
    await runQualityRun(
      { runId },
      context(services({ llm: remote, quality: { maxCases: 4, judgeModel: 'gpt-judge', maxTokens: 120 } }), 'quality.run'),
    );
    const found = await runWithResults(database.db, runId);
    expect(found?.run).toMatchObject({ status: 'DONE', scorer: 'judge', caseCount: 4 });
    expect(found?.results.map((result) => [result.score, result.reason])).toEqual(
      Array.from({ length: 4 }, () => [0.9, 'Gives the same facts.']),
    );
    const judged = fake
      .chatRequests()
      .slice(before)
      .filter((request) => request.model === 'gpt-judge');
    expect(judged).toHaveLength(4);
    expect(String(judged[0]?.messages[0]?.content)).toContain('Rubric:');
    expect(judged[0]?.max_completion_tokens).toBe(200);
    const answered = fake
      .chatRequests()
      .slice(before)
      .filter((request) => request.model !== 'gpt-judge');
    expect(answered.every((request) => request.max_completion_tokens === 120)).toBe(true);
  });
});

describe('the check set', () => {
  it('keeps ADMIN cases and switches off the case of a deleted FAQ item', async () => {
    const { db } = database;
    const [admin] = await db
      .insert(qualityCases)
      .values({ talentId: miaId, category: 'FAQ', origin: 'ADMIN', question: 'Do you have a cat?', expected: 'Yes, Churro.' })
      .returning();
    const [item] = await db
      .select({ id: faqItems.id })
      .from(faqItems)
      .innerJoin(talentConfigs, eq(talentConfigs.faqId, faqItems.faqId))
      .where(eq(talentConfigs.id, miaId))
      .limit(1);
    if (!admin || !item) throw new Error('set-up failed');
    await db.transaction((tx) => refreshCheckSet(tx, miaId));
    const before = await db
      .select()
      .from(qualityCases)
      .where(eq(qualityCases.sourceKey, `faq:${item.id}`));
    expect(before[0]?.enabled).toBe(true);

    await db.delete(faqItems).where(eq(faqItems.id, item.id));
    const count = await db.select({ n: sql<number>`count(*)::int` }).from(qualityCases).where(eq(qualityCases.talentId, miaId));
    await db.transaction((tx) => refreshCheckSet(tx, miaId));
    const [gone] = await db
      .select()
      .from(qualityCases)
      .where(eq(qualityCases.sourceKey, `faq:${item.id}`));
    expect(gone?.enabled).toBe(false);
    const [kept] = await db.select().from(qualityCases).where(eq(qualityCases.id, admin.id));
    expect(kept).toEqual(admin);
    // Upserted in place: a refresh adds no rows for sources it already has.
    const after = await db.select({ n: sql<number>`count(*)::int` }).from(qualityCases).where(eq(qualityCases.talentId, miaId));
    expect(after[0]?.n).toBe(count[0]?.n);
  });
});

describe('when runs happen', () => {
  it('a new version gets a run, and the current setup one unless a fresh baseline is done', async () => {
    const { db } = database;
    const [model] = await db.insert(models).values({ name: 'Leo v2', talentId: leoId }).returning({ id: models.id });
    const [version] = await db
      .insert(modelVersions)
      .values({ modelId: model?.id ?? '', base: 'gpt-4o-mini', status: 'SUCCEEDED', fineTunedModelId: 'ft:leo' })
      .returning({ id: modelVersions.id });
    if (!version) throw new Error('set-up failed');
    const sent: string[] = [];
    const runIds = await db.transaction((tx) => scheduleVersionRuns(tx, version.id, async (_tx, runId) => void sent.push(runId)));
    expect(runIds).toHaveLength(2);
    expect(sent).toEqual(runIds);
    const rows = await db.select().from(qualityRuns).where(eq(qualityRuns.talentId, leoId));
    expect(rows.map((row) => [row.trigger, row.modelVersionId]).sort()).toEqual(
      [
        ['NEW_VERSION', null],
        ['NEW_VERSION', version.id],
      ].sort(),
    );
    // With a DONE run of the current setup from an hour ago, only the version's run.
    await db
      .update(qualityRuns)
      .set({ status: 'DONE', finishedAt: new Date(Date.now() - 3_600_000) })
      .where(eq(qualityRuns.talentId, leoId));
    const again = await db.transaction((tx) => scheduleVersionRuns(tx, version.id, async () => {}));
    expect(again).toHaveLength(1);
    await db.update(qualityRuns).set({ status: 'DONE' }).where(eq(qualityRuns.talentId, leoId));
  });

  it('the sweep queues one run for a twin whose setup changed and has rested ten minutes', async () => {
    const { db } = database;
    const hourAgo = new Date(Date.now() - 3_600_000);
    await db.update(qualityRuns).set({ createdAt: hourAgo }).where(eq(qualityRuns.talentId, leoId));
    // Make sure Leo is live (a chat) and nothing else of his changed after the runs.
    const [fan] = await db.insert(users).values({ isAnonymous: true }).returning({ id: users.id });
    await db
      .insert(chats)
      .values({ talentId: leoId, userId: fan?.id ?? '' })
      .onConflictDoNothing();
    await db.update(talents).set({ updatedAt: hourAgo }).where(eq(talents.id, leoId));
    await db.execute(sql`update app_configs set updated_at = ${hourAgo.toISOString()}::timestamptz`);
    await db
      .update(talentConfigs)
      .set({ updatedAt: new Date(Date.now() - 2 * 60_000) })
      .where(eq(talentConfigs.id, leoId));
    expect(await changedTwinIds(db)).not.toContain(leoId);

    await db
      .update(talentConfigs)
      .set({ updatedAt: new Date(Date.now() - 20 * 60_000) })
      .where(eq(talentConfigs.id, leoId));
    expect(await changedTwinIds(db)).toContain(leoId);
    const sent: string[] = [];
    const followUp: FollowUp = async (name, payload) => {
      if (name === 'quality.run') sent.push((payload as { runId: string }).runId);
    };
    const output = await runQualityChanged({ trigger: 'schedule' }, context(services(), 'quality.changed', 0, followUp));
    expect(output.queued).toBeGreaterThanOrEqual(1);
    const [queued] = await db
      .select()
      .from(qualityRuns)
      .where(and(eq(qualityRuns.talentId, leoId), eq(qualityRuns.trigger, 'TWIN_CHANGED')));
    expect(queued?.status).toBe('QUEUED');
    expect(sent).toContain(queued?.id);
    // A twin with a run waiting is not queued again.
    expect(await changedTwinIds(db)).not.toContain(leoId);
  });

  it('the nightly job queues a run for each live twin without one waiting', async () => {
    const { db } = database;
    await db.update(qualityRuns).set({ status: 'DONE' }).where(sql`${qualityRuns.status} in ('QUEUED', 'RUNNING')`);
    const sent: string[] = [];
    const followUp: FollowUp = async (_name, payload) => void sent.push((payload as { runId: string }).runId);
    const output = await runQualityNightly({ trigger: 'schedule' }, context(services(), 'quality.nightly', 0, followUp));
    const nightly = await db.select().from(qualityRuns).where(eq(qualityRuns.trigger, 'NIGHTLY'));
    expect(nightly.map((run) => run.talentId).sort()).toEqual([leoId, miaId].sort());
    expect(output.queued).toBe(2);
    expect(sent.sort()).toEqual(nightly.map((run) => run.id).sort());
  });
});

describe('qualityDrops', () => {
  it('reports a twin whose latest nightly score fell by 0.05 or more, not one that held', async () => {
    const { db } = database;
    await db.delete(qualityRuns).where(eq(qualityRuns.trigger, 'NIGHTLY'));
    const nightly = (talentId: string, score: number, daysAgo: number) => ({
      talentId,
      trigger: 'NIGHTLY' as const,
      status: 'DONE' as const,
      overallScore: score,
      createdAt: new Date(Date.now() - daysAgo * 86_400_000),
    });
    const rows = await db
      .insert(qualityRuns)
      .values([nightly(miaId, 0.9, 2), nightly(miaId, 0.8, 1), nightly(leoId, 0.8, 2), nightly(leoId, 0.78, 1)])
      .returning({ id: qualityRuns.id });
    const drops = await qualityDrops(db);
    expect(drops).toEqual([
      {
        talentId: miaId,
        talentName: 'Mia Moreno',
        runId: rows[1]?.id,
        previousRunId: rows[0]?.id,
        score: 0.8,
        previousScore: 0.9,
      },
    ]);
  });
});
