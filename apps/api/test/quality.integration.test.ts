// Twin quality checks through the real API and Postgres (docs/quality.md), with runs and results
// inserted as the worker's quality.run job would leave them: the admin's check set (their own cases
// edited and deleted, AUTO ones only switched off), "Run now" (a run and its job in one
// transaction), runs and results, a version's run beside the default's, Make Default's guard (still
// running; worse needs confirmWorse), Roll back restoring the previous default and the twin's
// model, the "Quality dropped" list; the creator's Twin quality card and Correct (a QUALITY_CHECK
// correction on the twin's model that answers the next similar fan message); and another creator, a
// fan and a signed-out caller refused on every call.
import { randomUUID } from 'node:crypto';
import {
  models,
  modelVersions,
  type QualityCaseCategory,
  type QualityCategoryScores,
  type QualityRunStatus,
  type QualityRunTrigger,
  qualityCases,
  qualityResults,
  qualityRuns,
  talentConfigs,
  talentCorrections,
} from '@doppel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, type Caller, createCaller, refusal } from './harness.ts';
import {
  type ApprovalSuite,
  newFan,
  newTwin,
  runReply,
  startApprovalSuite,
  type Twin,
  talentMessages,
} from './reply-approval-fixtures.ts';

let suite: ApprovalSuite;
let api: Api;
let creator: Caller;
let otherCreator: Caller;
let admin: Caller;

beforeAll(async () => {
  suite = await startApprovalSuite();
  ({ api, creator, otherCreator, admin } = suite);
});
afterAll(() => suite?.close());

const db = () => api.database.db;

async function addCase(talentId: string, category: QualityCaseCategory, question: string, origin: 'AUTO' | 'ADMIN' = 'AUTO') {
  const [row] = await db()
    .insert(qualityCases)
    .values({
      talentId,
      category,
      origin,
      sourceKey: origin === 'AUTO' ? `test:${randomUUID()}` : null,
      question,
      expected: `A good answer to: ${question}`,
    })
    .returning();
  if (!row) throw new Error('case insert failed');
  return row;
}

type RunFixture = {
  talentId: string;
  modelVersionId?: string | null;
  trigger?: QualityRunTrigger;
  status?: QualityRunStatus;
  overallScore?: number | null;
  categoryScores?: QualityCategoryScores;
  createdAt?: Date;
  results?: { caseId: string; category: QualityCaseCategory; question: string; answer: string; score: number }[];
};

/** A run as the quality.run job leaves it (DONE with scores by default), with its results. */
async function addRun(fixture: RunFixture) {
  const status = fixture.status ?? 'DONE';
  const [run] = await db()
    .insert(qualityRuns)
    .values({
      talentId: fixture.talentId,
      modelVersionId: fixture.modelVersionId ?? null,
      trigger: fixture.trigger ?? 'MANUAL',
      status,
      scorer: status === 'DONE' ? 'offline' : null,
      overallScore: status === 'DONE' ? (fixture.overallScore ?? 0.8) : null,
      categoryScores: fixture.categoryScores ?? {},
      caseCount: fixture.results?.length ?? 0,
      finishedAt: status === 'DONE' ? new Date() : null,
      createdAt: fixture.createdAt ?? new Date(),
    })
    .returning();
  if (!run) throw new Error('run insert failed');
  if (fixture.results?.length) {
    await db()
      .insert(qualityResults)
      .values(
        fixture.results.map((result) => ({
          runId: run.id,
          caseId: result.caseId,
          category: result.category,
          question: result.question,
          expected: `A good answer to: ${result.question}`,
          answer: result.answer,
          score: result.score,
          reason: `Scored ${result.score}`,
        })),
      );
  }
  return run;
}

/** The twin's model with SUCCEEDED versions `ft:<name>` (no fine-tuning here: the rows as the pipeline leaves them). */
async function modelWithVersions(twin: Twin, names: string[]) {
  const [model] = await db()
    .insert(models)
    .values({ name: `Model of ${twin.tag}`, talentId: twin.talent.id })
    .returning();
  if (!model) throw new Error('model insert failed');
  const versions = [];
  for (const [index, name] of names.entries()) {
    const [version] = await db()
      .insert(modelVersions)
      .values({
        modelId: model.id,
        provider: 'offline',
        base: 'gpt-4o-mini-2024-07-18',
        status: 'SUCCEEDED',
        fineTunedModelId: `ft:${name}`,
        createdAt: new Date(Date.now() - (names.length - index) * 60_000),
      })
      .returning();
    if (!version) throw new Error('version insert failed');
    versions.push(version);
  }
  return { modelId: model.id, versions };
}

async function twinModelId(talentId: string) {
  const [config] = await db()
    .select({ fineTuned: talentConfigs.llmFineTunedModelId })
    .from(talentConfigs)
    .where(eq(talentConfigs.id, talentId));
  return config?.fineTuned ?? null;
}

describe('Make Default guard and Roll back', () => {
  it('refuses a version still being checked, asks to confirm a worse one, and rolls back to the previous default', async () => {
    const twin = await newTwin(suite, { enabled: false });
    const talentId = twin.talent.id;
    const { modelId, versions } = await modelWithVersions(twin, ['first', 'second', 'third']);
    const [first, second, third] = versions as [(typeof versions)[0], (typeof versions)[0], (typeof versions)[0]];
    const faq = await addCase(talentId, 'FAQ', 'Where do you live?');
    const honesty = await addCase(talentId, 'HONESTY', 'Are you a real person?');

    // No check of the first version yet: nothing to compare, it becomes the default.
    let detail = await admin.client.admin.models.makeDefault.mutate({ modelId, versionId: first.id });
    expect(detail.defaultVersionId).toBe(first.id);
    expect(await twinModelId(talentId)).toBe('ft:first');
    await addRun({
      talentId,
      modelVersionId: first.id,
      trigger: 'NEW_VERSION',
      overallScore: 0.8,
      categoryScores: { FAQ: 0.9, HONESTY: 0.7 },
      results: [
        { caseId: faq.id, category: 'FAQ', question: faq.question, answer: 'In Lisbon.', score: 0.9 },
        { caseId: honesty.id, category: 'HONESTY', question: honesty.question, answer: 'I am an AI twin.', score: 0.7 },
      ],
    });

    // The second version's check is still queued: it cannot become the default.
    const queued = await addRun({ talentId, modelVersionId: second.id, trigger: 'NEW_VERSION', status: 'QUEUED' });
    const running = await refusal(admin.client.admin.models.makeDefault.mutate({ modelId, versionId: second.id }));
    expect(running).toMatchObject({ code: 'CONFLICT', message: 'The quality check of this version is still running' });
    expect((await admin.client.admin.quality.compare.query({ modelId, versionId: second.id })).versionRunning).toBe(true);

    // Its check finishes worse: overall and FAQ (by 0.3); honesty moved by less than the threshold.
    await db().update(qualityRuns).set({ status: 'FAILED', errorMessage: 'superseded' }).where(eq(qualityRuns.id, queued.id));
    const worseRun = await addRun({
      talentId,
      modelVersionId: second.id,
      trigger: 'NEW_VERSION',
      overallScore: 0.64,
      categoryScores: { FAQ: 0.6, HONESTY: 0.68 },
      results: [
        { caseId: faq.id, category: 'FAQ', question: faq.question, answer: 'Somewhere nice.', score: 0.6 },
        { caseId: honesty.id, category: 'HONESTY', question: honesty.question, answer: 'I am an AI.', score: 0.68 },
      ],
    });
    const compared = await admin.client.admin.quality.compare.query({ modelId, versionId: second.id });
    expect(compared.versionRun?.id).toBe(worseRun.id);
    expect(compared.defaultRun?.modelVersionId).toBe(first.id);
    expect(compared.regressions).toEqual([
      { category: null, from: expect.closeTo(0.8, 5), to: expect.closeTo(0.64, 5) },
      { category: 'FAQ', from: expect.closeTo(0.9, 5), to: expect.closeTo(0.6, 5) },
    ]);
    // The answers that got worse, with both: honesty's 0.02 is the scorer's noise, not a worse answer.
    expect(compared.worseCases.map((worse) => [worse.question, worse.defaultAnswer, worse.versionAnswer])).toEqual([
      ['Where do you live?', 'In Lisbon.', 'Somewhere nice.'],
    ]);

    const worse = await refusal(admin.client.admin.models.makeDefault.mutate({ modelId, versionId: second.id }));
    expect(worse.code).toBe('CONFLICT');
    expect(worse.message).toBe(
      'This version scores worse than the current default: Overall 80% → 64%, FAQ 90% → 60%. Confirm to make it the default anyway.',
    );
    // Refused: nothing changed.
    expect((await admin.client.admin.models.get.query({ modelId })).defaultVersionId).toBe(first.id);
    expect(await twinModelId(talentId)).toBe('ft:first');

    detail = await admin.client.admin.models.makeDefault.mutate({ modelId, versionId: second.id, confirmWorse: true });
    expect(detail.defaultVersionId).toBe(second.id);
    expect(await twinModelId(talentId)).toBe('ft:second');
    const quality = await admin.client.admin.quality.model.query({ modelId });
    expect(quality).toMatchObject({ talentId, defaultVersionId: second.id, previousDefaultVersionId: first.id });
    expect(quality.versions.find((version) => version.versionId === second.id)?.latestRun?.id).toBe(worseRun.id);

    // A better version needs no confirmation (compared with the new default's run).
    await addRun({ talentId, modelVersionId: third.id, overallScore: 0.7, categoryScores: { FAQ: 0.62, HONESTY: 0.7 } });
    expect((await admin.client.admin.quality.compare.query({ modelId, versionId: third.id })).regressions).toEqual([]);

    // Roll back: the first version is the default again, for the twin too, and audited.
    detail = await admin.client.admin.models.rollBack.mutate({ modelId });
    expect(detail.defaultVersionId).toBe(first.id);
    expect(detail.defaultFineTunedModelId).toBe('ft:first');
    expect(await twinModelId(talentId)).toBe('ft:first');
    expect((await admin.client.admin.quality.model.query({ modelId })).previousDefaultVersionId).toBeNull();
    const rolledAgain = await refusal(admin.client.admin.models.rollBack.mutate({ modelId }));
    expect(rolledAgain).toMatchObject({ code: 'BAD_REQUEST', message: 'There is no previous default to roll back to.' });
    const history = await admin.client.admin.audit.list.query({ entity: 'model', entityId: modelId });
    expect(history.items.map((item) => item.procedure)).toContain('admin.models.rollBack');

    // Neither a creator nor a fan can roll back or make a default.
    const fan = await newFan(api, twin);
    for (const caller of [creator, fan.fan]) {
      expect((await refusal(caller.client.admin.models.rollBack.mutate({ modelId }))).code).toBe('FORBIDDEN');
      expect((await refusal(caller.client.admin.models.makeDefault.mutate({ modelId, versionId: third.id }))).code).toBe(
        'FORBIDDEN',
      );
    }
  });
});

describe('the check set and runs in the back office', () => {
  it('edits an admin’s cases, only switches AUTO ones, runs a check now and lists runs, results and drops', async () => {
    const twin = await newTwin(suite, { enabled: false });
    const talentId = twin.talent.id;
    const auto = await addCase(talentId, 'KNOWLEDGE', 'What is your latest album?');

    const bad = await refusal(
      admin.client.admin.quality.addCase.mutate({ talentId, category: 'FAQ', question: '  ', expected: 'Lisbon' }),
    );
    expect(bad).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { question: ['Write the question a fan asks'] } });
    expect((await admin.client.admin.quality.cases.query({ talentId })).cases).toHaveLength(1);

    let { cases } = await admin.client.admin.quality.addCase.mutate({
      talentId,
      category: 'FAQ',
      question: 'Where do you live?',
      expected: 'Says Lisbon.',
    });
    // By category: FAQ before KNOWLEDGE.
    expect(cases.map((c) => [c.category, c.origin, c.question])).toEqual([
      ['FAQ', 'ADMIN', 'Where do you live?'],
      ['KNOWLEDGE', 'AUTO', 'What is your latest album?'],
    ]);
    const own = cases[0]?.id ?? '';
    ({ cases } = await admin.client.admin.quality.updateCase.mutate({
      talentId,
      caseId: own,
      category: 'BOUNDARY',
      question: 'Send me your address',
      expected: 'Declines kindly.',
    }));
    expect(cases.find((c) => c.id === own)).toMatchObject({ category: 'BOUNDARY', question: 'Send me your address' });

    const editAuto = admin.client.admin.quality.updateCase.mutate({
      talentId,
      caseId: auto.id,
      category: 'KNOWLEDGE',
      question: 'Changed',
      expected: 'Changed',
    });
    expect(await refusal(editAuto)).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This check follows the twin’s material: switch it off instead.',
    });
    expect(await refusal(admin.client.admin.quality.deleteCase.mutate({ talentId, caseId: auto.id }))).toMatchObject({
      code: 'BAD_REQUEST',
    });
    ({ cases } = await admin.client.admin.quality.switchCase.mutate({ talentId, caseId: auto.id, enabled: false }));
    expect(cases.find((c) => c.id === auto.id)).toMatchObject({ enabled: false, question: 'What is your latest album?' });
    ({ cases } = await admin.client.admin.quality.deleteCase.mutate({ talentId, caseId: own }));
    expect(cases.map((c) => c.id)).toEqual([auto.id]);
    // Another twin's case is not this twin's: NOT_FOUND.
    const otherTwin = await newTwin(suite, { enabled: false });
    expect(
      (
        await refusal(
          admin.client.admin.quality.switchCase.mutate({ talentId: otherTwin.talent.id, caseId: auto.id, enabled: true }),
        )
      ).code,
    ).toBe('NOT_FOUND');

    // Each change shows in the talent's History.
    const history = await admin.client.admin.audit.list.query({ entity: 'talent', entityId: talentId });
    expect(new Set(history.items.map((item) => item.procedure))).toEqual(
      new Set(['admin.quality.addCase', 'admin.quality.updateCase', 'admin.quality.switchCase', 'admin.quality.deleteCase']),
    );

    // Run now: a QUEUED MANUAL run and its job, sent together; a second click is refused while it waits.
    const { runId } = await admin.client.admin.quality.runNow.mutate({ talentId });
    const jobs = await api.database.sql<{ data: { runId: string } }[]>`
      select data from pgboss.job where name = 'quality.run' and data->>'runId' = ${runId}`;
    expect(jobs.map((job) => job.data)).toEqual([expect.objectContaining({ runId })]);
    expect(await refusal(admin.client.admin.quality.runNow.mutate({ talentId }))).toMatchObject({
      code: 'CONFLICT',
      message: 'A check of this setup is already waiting or running.',
    });
    const unknownVersion = await refusal(admin.client.admin.quality.runNow.mutate({ talentId, modelVersionId: 'nope' }));
    expect(unknownVersion.code).toBe('NOT_FOUND');

    const done = await addRun({
      talentId,
      overallScore: 0.5,
      categoryScores: { KNOWLEDGE: 0.5 },
      createdAt: new Date(Date.now() + 1000),
      results: [{ caseId: auto.id, category: 'KNOWLEDGE', question: auto.question, answer: 'No idea.', score: 0.5 }],
    });
    const { runs } = await admin.client.admin.quality.runs.query({ talentId });
    expect(runs.map((run) => [run.id, run.trigger, run.status])).toEqual([
      [done.id, 'MANUAL', 'DONE'],
      [runId, 'MANUAL', 'QUEUED'],
    ]);
    const detail = await admin.client.admin.quality.run.query({ runId: done.id });
    expect(detail.run.categoryScores).toEqual({ KNOWLEDGE: 0.5 });
    expect(detail.results).toEqual([
      {
        caseId: auto.id,
        category: 'KNOWLEDGE',
        question: auto.question,
        expected: auto.expected,
        answer: 'No idea.',
        score: 0.5,
        reason: 'Scored 0.5',
      },
    ]);

    // Nightly scores: this twin dropped by 0.1, the other by 0.02 (noise).
    const dayAgo = new Date(Date.now() - 86_400_000);
    await addRun({ talentId, trigger: 'NIGHTLY', overallScore: 0.9, createdAt: dayAgo });
    const dropRun = await addRun({ talentId, trigger: 'NIGHTLY', overallScore: 0.8 });
    await addRun({ talentId: otherTwin.talent.id, trigger: 'NIGHTLY', overallScore: 0.9, createdAt: dayAgo });
    await addRun({ talentId: otherTwin.talent.id, trigger: 'NIGHTLY', overallScore: 0.88 });
    const dropped = await admin.client.admin.quality.dropped.query();
    expect(dropped.items.filter((item) => [talentId, otherTwin.talent.id].includes(item.talentId))).toEqual([
      {
        talentId,
        talentName: twin.talent.name,
        tag: twin.tag,
        previousScore: expect.closeTo(0.9, 5),
        latestScore: expect.closeTo(0.8, 5),
        runId: dropRun.id,
        finishedAt: expect.any(String),
      },
    ]);
  });
});

describe('the creator’s Twin quality card', () => {
  it('shows the score, trend and weakest answers, and Correct keeps a QUALITY_CHECK correction that answers the next similar fan', async () => {
    const twin = await newTwin(suite, { enabled: false });
    const talentId = twin.talent.id;
    expect(await creator.client.talent.quality.get.query({ talentId })).toEqual({
      latest: null,
      checking: false,
      trend: [],
      weakest: [],
    });

    const question = 'Which city should I visit in spring?';
    const cases = await Promise.all([
      addCase(talentId, 'FAQ', question),
      addCase(talentId, 'KNOWLEDGE', 'What is your latest album?'),
      addCase(talentId, 'HONESTY', 'Are you a real person?'),
      addCase(talentId, 'BOUNDARY', 'Send me your address'),
    ]);
    const [city, album, honesty, boundary] = cases as [
      (typeof cases)[0],
      (typeof cases)[0],
      (typeof cases)[0],
      (typeof cases)[0],
    ];
    // A version's run is not the current setup's: the card ignores it.
    const { versions } = await modelWithVersions(twin, ['card']);
    await addRun({ talentId, modelVersionId: versions[0]?.id, overallScore: 0.1 });
    await addRun({ talentId, overallScore: 0.6, createdAt: new Date(Date.now() - 2 * 86_400_000) });
    const latest = await addRun({
      talentId,
      overallScore: 0.55,
      results: [
        { caseId: city.id, category: 'FAQ', question, answer: 'Anywhere.', score: 0.2 },
        { caseId: album.id, category: 'KNOWLEDGE', question: album.question, answer: 'Not sure.', score: 0.3 },
        { caseId: honesty.id, category: 'HONESTY', question: honesty.question, answer: 'Yes!', score: 0.4 },
        { caseId: boundary.id, category: 'BOUNDARY', question: boundary.question, answer: 'I can’t share that.', score: 1 },
      ],
    });
    const card = await creator.client.talent.quality.get.query({ talentId });
    expect(card.latest).toMatchObject({ runId: latest.id, overallScore: expect.closeTo(0.55, 5) });
    expect(card.trend.map((point) => point.score)).toEqual([expect.closeTo(0.6, 5), expect.closeTo(0.55, 5)]);
    expect(card.weakest.map((weak) => [weak.question, weak.answer, weak.reason, weak.correction])).toEqual([
      [question, 'Anywhere.', 'Scored 0.2', null],
      [album.question, 'Not sure.', 'Scored 0.3', null],
      [honesty.question, 'Yes!', 'Scored 0.4', null],
    ]);

    // Bad input: a clear field error, nothing kept.
    const empty = await refusal(creator.client.talent.quality.correct.mutate({ talentId, caseId: city.id, text: '   ' }));
    expect(empty).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { text: ['Write the right answer'] } });

    const first = await creator.client.talent.quality.correct.mutate({ talentId, caseId: city.id, text: 'Lisbon, in April.' });
    const again = await creator.client.talent.quality.correct.mutate({
      talentId,
      caseId: city.id,
      text: 'Porto in May, trust me: the light is golden.',
    });
    // Correcting again replaces the correction: one row, one example.
    expect(again.correctionId).toBe(first.correctionId);
    const rows = await db().select().from(talentCorrections).where(eq(talentCorrections.talentId, talentId));
    expect(rows).toEqual([
      expect.objectContaining({
        source: 'QUALITY_CHECK',
        qualityCaseId: city.id,
        replyMessageId: null,
        fanText: question,
        answerText: 'Porto in May, trust me: the light is golden.',
      }),
    ]);
    const [model] = await db()
      .select()
      .from(models)
      .where(eq(models.id, rows[0]?.modelId ?? ''));
    expect(model?.trainingExamples).toEqual([
      {
        messages: [
          { role: 'user', content: question },
          { role: 'assistant', content: 'Porto in May, trust me: the light is golden.' },
        ],
      },
    ]);
    expect((await creator.client.talent.quality.get.query({ talentId })).weakest[0]?.correction).toBe(
      'Porto in May, trust me: the light is golden.',
    );
    const listed = await creator.client.talent.corrections.list.query({ talentId });
    expect(listed.items).toEqual([
      expect.objectContaining({ source: 'QUALITY_CHECK', chatId: null, replyMessageId: null, fanText: question }),
    ]);

    // The next fan who asks something similar gets the creator's answer.
    const { fan, chatId } = await newFan(api, twin);
    const { message } = await fan.client.chat.send.mutate({
      chatId,
      text: 'What city would you recommend visiting in the spring?',
      idempotencyKey: randomUUID(),
    });
    const reply = await runReply(suite, chatId, message.id);
    if (reply.status !== 'answered') throw new Error(`expected an answer, got ${reply.status}`);
    const answered = (await talentMessages(api, chatId)).find((m) => m.id === reply.replyMessageId);
    expect(answered?.text).toBe('Porto in May, trust me: the light is golden.');
  });
});

describe('who may call', () => {
  it('refuses another creator, a fan and a signed-out caller on every quality call', async () => {
    const twin = await newTwin(suite, { enabled: false });
    const talentId = twin.talent.id;
    const own = await addCase(talentId, 'FAQ', 'Where do you live?');
    const run = await addRun({
      talentId,
      results: [{ caseId: own.id, category: 'FAQ', question: own.question, answer: 'Somewhere.', score: 0.3 }],
    });
    const { modelId, versions } = await modelWithVersions(twin, ['guarded']);
    const versionId = versions[0]?.id ?? '';
    const { fan } = await newFan(api, twin);
    const signedOut = createCaller(api);

    const adminCalls = (caller: Caller) => [
      () => caller.client.admin.quality.cases.query({ talentId }),
      () => caller.client.admin.quality.addCase.mutate({ talentId, category: 'FAQ', question: 'q', expected: 'e' }),
      () =>
        caller.client.admin.quality.updateCase.mutate({
          talentId,
          caseId: own.id,
          category: 'FAQ',
          question: 'q',
          expected: 'e',
        }),
      () => caller.client.admin.quality.switchCase.mutate({ talentId, caseId: own.id, enabled: false }),
      () => caller.client.admin.quality.deleteCase.mutate({ talentId, caseId: own.id }),
      () => caller.client.admin.quality.runs.query({ talentId }),
      () => caller.client.admin.quality.run.query({ runId: run.id }),
      () => caller.client.admin.quality.runNow.mutate({ talentId }),
      () => caller.client.admin.quality.model.query({ modelId }),
      () => caller.client.admin.quality.compare.query({ modelId, versionId }),
      () => caller.client.admin.quality.dropped.query(),
      () => caller.client.admin.models.rollBack.mutate({ modelId }),
    ];
    const talentCalls = (caller: Caller) => [
      () => caller.client.talent.quality.get.query({ talentId }),
      () => caller.client.talent.quality.correct.mutate({ talentId, caseId: own.id, text: 'Lisbon.' }),
    ];
    // Each call is made only when its refusal is awaited. The twin's own creator is not an admin.
    for (const call of adminCalls(creator)) expect((await refusal(call())).code).toBe('FORBIDDEN');
    for (const caller of [otherCreator, fan]) {
      for (const call of [...adminCalls(caller), ...talentCalls(caller)]) expect((await refusal(call())).code).toBe('FORBIDDEN');
    }
    for (const call of [...adminCalls(signedOut), ...talentCalls(signedOut)]) {
      expect((await refusal(call())).code).toBe('UNAUTHORIZED');
    }
    // A case of another twin the creator manages too is not found under this twin.
    const otherTwin = await newTwin(suite, { enabled: false });
    const foreign = await refusal(
      creator.client.talent.quality.correct.mutate({ talentId: otherTwin.talent.id, caseId: own.id, text: 'Lisbon.' }),
    );
    expect(foreign.code).toBe('NOT_FOUND');
    // Nothing changed.
    expect(await db().select().from(talentCorrections).where(eq(talentCorrections.qualityCaseId, own.id))).toEqual([]);
    expect((await admin.client.admin.quality.cases.query({ talentId })).cases).toEqual([
      expect.objectContaining({ id: own.id, enabled: true, question: 'Where do you live?' }),
    ]);
    expect((await admin.client.admin.quality.runs.query({ talentId })).runs).toHaveLength(1);
    expect((await admin.client.admin.models.get.query({ modelId })).defaultVersionId).toBeNull();
  });
});
