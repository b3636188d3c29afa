// The admin Status screen's procedures over real HTTP: the model-health entries sorted by name,
// the health check (the models.health job's use case) writing checks and crosses from the real
// OpenAI SDK against a fake OpenAI server, and "Check now" queueing that job in the same commit.
import { appConfigs, defaultAppId, listRecordedChanges, seedDemoData, talentConfigs } from '@doppel/db';
import { checkModelHealth } from '@doppel/domain/admin/status';
import { createOfflineLlm, createOpenAiLlm } from '@doppel/integrations';
import { type FakeOpenAi, startFakeOpenAi } from '@doppel/integrations/testing';
import { offlineEngineModel } from '@doppel/validation';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, type Caller, createCaller, refusal, seedPeople, signIn, startApi } from './harness.ts';

let api: Api;
let openai: FakeOpenAi;
let admin: Caller;
let creator: Caller;
let fan: Caller;
let anonymous: Caller;

beforeAll(async () => {
  api = await startApi();
  await seedDemoData(api.database.db);
  const people = await seedPeople(api);
  admin = await signIn(api, people.admin.email as string);
  creator = await signIn(api, people.creatorA.email as string);
  fan = await signIn(api, people.fan.email as string);
  anonymous = createCaller(api);
  openai = await startFakeOpenAi({ apiKey: 'sk-test', models: ['gpt-3.5-turbo', 'text-embedding-3-small'] });
});
afterAll(async () => {
  await openai?.close();
  await api?.close();
});

async function setRecord(record: Record<string, boolean>) {
  await api.database.db.update(appConfigs).set({ isModelHealthyRecord: record }).where(eq(appConfigs.id, defaultAppId));
}

async function queuedHealthJobs() {
  return api.database.sql<{ id: string; data: unknown }[]>`
    select id, data from pgboss.job where name = 'models.health' and state = 'created'`;
}

describe('admin.status.get', () => {
  it('lists every model with its check or cross, sorted by name whatever the case', async () => {
    await setRecord({
      'gpt-4o-mini': true,
      'Zeta-model': false,
      'ft:gpt-3.5-turbo:doppel:mia': true,
      'alpha-model': true,
      [offlineEngineModel]: true,
      'gpt-35-turbo': false,
    });
    const { entries } = await admin.client.admin.status.get.query();

    expect(entries.map((entry) => entry.model)).toEqual([
      'alpha-model',
      'ft:gpt-3.5-turbo:doppel:mia',
      'gpt-4o-mini',
      'gpt-35-turbo',
      offlineEngineModel,
      'Zeta-model',
    ]);
    expect(entries.map((entry) => entry.healthy)).toEqual([true, true, true, false, true, false]);
    expect(entries.filter((entry) => entry.offline).map((entry) => entry.model)).toEqual([offlineEngineModel]);
    const [config] = await api.database.db.select({ updatedAt: appConfigs.updatedAt }).from(appConfigs);
    for (const entry of entries) {
      expect(entry.checkedAt).toBe(config?.updatedAt.toISOString());
      expect(entry.error).toBeNull();
    }
  });

  it('is empty before any check has run', async () => {
    await setRecord({});
    expect(await admin.client.admin.status.get.query()).toEqual({ entries: [] });
  });
});

describe('the models.health check', () => {
  it('writes a check for each model OpenAI knows and a cross for one it does not, and tells the admin screens', async () => {
    // The demo twins use gpt-3.5-turbo and a fine-tuned model the fake does not know.
    const fineTuned = await api.database.db
      .selectDistinct({ id: talentConfigs.llmFineTunedModelId })
      .from(talentConfigs)
      .where(sql`${talentConfigs.llmFineTunedModelId} is not null`);
    const before = (await listRecordedChanges(api.database.db)).length;

    const run = await checkModelHealth(api.database.db, createOpenAiLlm({ apiKey: 'sk-test', baseURL: openai.url }));

    expect(run.stored).toBe(true);
    const { entries } = await admin.client.admin.status.get.query();
    const byModel = new Map(entries.map((entry) => [entry.model, entry]));
    expect(byModel.get('gpt-3.5-turbo')?.healthy).toBe(true);
    expect(byModel.get('text-embedding-3-small')?.healthy).toBe(true);
    expect(fineTuned.length).toBeGreaterThan(0);
    for (const { id } of fineTuned) expect(byModel.get(id as string)?.healthy).toBe(false);
    const changes = (await listRecordedChanges(api.database.db)).slice(before);
    expect(changes).toContainEqual({ entity: 'app_configs', rowId: defaultAppId, scopes: ['admin'] });
  });

  it('with the offline engine, writes one healthy entry labelled offline', async () => {
    await checkModelHealth(api.database.db, createOfflineLlm());
    const { entries } = await admin.client.admin.status.get.query();
    expect(entries).toEqual([
      { model: offlineEngineModel, healthy: true, checkedAt: expect.any(String), error: null, offline: true },
    ]);
  });
});

describe('admin.status.check', () => {
  it('queues one models.health job with the commit, and no second one while it waits', async () => {
    await api.database.sql`delete from pgboss.job where name = 'models.health'`;
    const before = (await listRecordedChanges(api.database.db)).length;

    const first = await admin.client.admin.status.check.mutate();
    expect(first.queued).toBe(true);
    const jobs = await queuedHealthJobs();
    expect(jobs.map((job) => job.id)).toEqual([first.jobId]);
    // The payload, and the request that sent it (its origin, for the worker's log lines).
    expect(jobs[0]?.data).toEqual({ trigger: 'manual', $origin: { requestId: expect.any(String) } });
    // The worker wakes on the job's change event, which commits with the job.
    const changes = (await listRecordedChanges(api.database.db)).slice(before);
    expect(changes).toContainEqual({ entity: 'jobs', rowId: 'models.health', scopes: [] });

    expect(await admin.client.admin.status.check.mutate()).toEqual({ queued: false, jobId: null });
    expect(await queuedHealthJobs()).toHaveLength(1);
  });
});

describe('access', () => {
  it('refuses creators and fans (FORBIDDEN) and signed-out callers (UNAUTHORIZED) on every status procedure', async () => {
    for (const caller of [creator, fan]) {
      expect((await refusal(caller.client.admin.status.get.query())).code).toBe('FORBIDDEN');
      expect((await refusal(caller.client.admin.status.check.mutate())).code).toBe('FORBIDDEN');
    }
    expect((await refusal(anonymous.client.admin.status.get.query())).code).toBe('UNAUTHORIZED');
    expect((await refusal(anonymous.client.admin.status.check.mutate())).code).toBe('UNAUTHORIZED');
    await api.database.sql`delete from pgboss.job where name = 'models.health'`;
    await creator.client.admin.status.check.mutate().catch(() => undefined);
    expect(await queuedHealthJobs()).toHaveLength(0);
  });
});
