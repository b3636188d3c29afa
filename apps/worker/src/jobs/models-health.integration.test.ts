// The models.health job against a real database and the real `openai` SDK talking to a local fake
// OpenAI server that knows some models and answers 404 model_not_found for the others; then with
// the offline engine; then end to end through the queue and a running worker.
import {
  appConfigs,
  defaultAppId,
  listRecordedChanges,
  models,
  modelVersions,
  seedDemoData,
  talentConfigs,
  talents,
} from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { getModelHealth } from '@doppel/domain/admin/status';
import { createLlmRouter, createOpenAiLlm } from '@doppel/integrations';
import { type FakeOpenAi, startFakeOpenAi } from '@doppel/integrations/testing';
import { createBoss, enqueue } from '@doppel/jobs';
import { silentLogger } from '@doppel/logging';
import { offlineEngineModel } from '@doppel/validation';
import { eq } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it, vi } from 'vitest';
import { startWorker } from '../worker.ts';
import { createOfflineWorkerServices } from './chat-reply-services.ts';
import { runModelsHealth } from './models-health.ts';
import type { JobContext, WorkerServices } from './types.ts';

let database: TestDatabase;
let openai: FakeOpenAi;
/** Every model the demo data uses, as the fake OpenAI server knows them. */
let knownModels: string[];

const retiredModel = 'gpt-retired-0301';
const failedVersionModel = 'ft:gpt-3.5-turbo:doppel:failed:xyz';

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  const { db } = database;
  await seedDemoData(db);
  // A twin still set to a model OpenAI no longer serves, and a FAILED version (never in use).
  const [leo] = await db.select({ id: talents.id }).from(talents).where(eq(talents.tag, 'leo'));
  if (!leo) throw new Error('demo twin leo missing');
  await db.update(talentConfigs).set({ llmModelId: retiredModel }).where(eq(talentConfigs.id, leo.id));
  const [model] = await db.select({ id: models.id }).from(models).limit(1);
  if (!model) throw new Error('demo model missing');
  await db
    .insert(modelVersions)
    .values({ modelId: model.id, base: 'gpt-3.5-turbo', status: 'FAILED', fineTunedModelId: failedVersionModel });

  const configs = await db
    .select({ base: talentConfigs.llmModelId, fineTuned: talentConfigs.llmFineTunedModelId })
    .from(talentConfigs);
  const versions = await db
    .select({ id: modelVersions.fineTunedModelId })
    .from(modelVersions)
    .where(eq(modelVersions.status, 'SUCCEEDED'));
  knownModels = [
    ...new Set(
      [
        'local-chat',
        'text-embedding-3-small',
        ...configs.flatMap((row) => [row.base, row.fineTuned]),
        ...versions.map((row) => row.id),
      ].filter((id): id is string => typeof id === 'string' && id !== retiredModel),
    ),
  ];
  openai = await startFakeOpenAi({ apiKey: 'test-key', models: [...knownModels, failedVersionModel] });
});
afterAll(async () => {
  await openai?.close();
  await database?.drop();
});
beforeEach(() => openai.reset());

function context(services: WorkerServices): JobContext {
  return {
    db: database.db,
    log: silentLogger,
    job: { id: 'job-1', name: 'models.health', retryCount: 0 },
    services,
  };
}

const openAiServices = (): WorkerServices => ({
  ...createOfflineWorkerServices(),
  llm: createOpenAiLlm({ apiKey: 'test-key', baseURL: openai.url }),
  llmModelOverride: 'local-chat',
});

async function storedChecks() {
  const [row] = await database.db
    .select({ record: appConfigs.isModelHealthyRecord })
    .from(appConfigs)
    .where(eq(appConfigs.id, defaultAppId));
  return row?.record;
}

/** The stored record as a check or a cross per model. */
async function storedRecord() {
  const record = await storedChecks();
  if (!record) return undefined;
  return Object.fromEntries(
    Object.entries(record).map(([model, check]) => [model, typeof check === 'boolean' ? check : check.healthy]),
  );
}

describe('models.health job', () => {
  it('pings every model in use through OpenAI and stores a check per known model and a cross for an unknown one', async () => {
    const changesBefore = (await listRecordedChanges(database.db)).length;

    const output = await runModelsHealth({ trigger: 'manual' }, context(openAiServices()));

    const expected = Object.fromEntries([...knownModels.map((model) => [model, true]), [retiredModel, false]]);
    expect(await storedRecord()).toEqual(expected);
    const retired = (await storedChecks())?.[retiredModel];
    expect(retired, 'a cross keeps when it was checked and the provider’s reason').toMatchObject({
      healthy: false,
      checkedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      error: expect.stringContaining(`The model '${retiredModel}' does not exist`),
    });
    const { entries: listed } = await getModelHealth(database.db);
    expect(listed.find((entry) => entry.model === retiredModel)?.error).toContain('does not exist');
    expect(output).toMatchObject({ engine: 'openai', stored: true, checked: knownModels.length + 1, unhealthy: 1 });
    expect(JSON.parse(String(output.errors))[retiredModel]).toContain(`The model '${retiredModel}' does not exist`);
    // One GET per model (the seeded TTS model and the FAILED version's model are not chat models in use).
    const pinged = openai.requests.map((entry) => decodeURIComponent(entry.path.replace('/v1/models/', '')));
    expect(pinged.sort()).toEqual([...knownModels, retiredModel].sort());
    expect(pinged).not.toContain(failedVersionModel);
    expect(openai.requests.every((entry) => entry.authorization === 'Bearer test-key')).toBe(true);

    const changes = (await listRecordedChanges(database.db)).slice(changesBefore);
    expect(changes).toEqual([{ entity: 'app_configs', rowId: defaultAppId, scopes: ['admin'] }]);

    const { entries } = await getModelHealth(database.db);
    expect(entries.find((entry) => entry.model === retiredModel)).toMatchObject({ healthy: false, offline: false });
    expect(entries.filter((entry) => entry.healthy)).toHaveLength(knownModels.length);
  });

  it('pings a version served by its own endpoint there, with its key, not through OpenAI', async () => {
    const own = await startFakeOpenAi({ apiKey: 'own-key', models: ['own-lora'] });
    const [model] = await database.db.select({ id: models.id }).from(models).limit(1);
    const [version] = await database.db
      .insert(modelVersions)
      .values({
        modelId: model?.id ?? '',
        provider: 'custom',
        base: 'own-lora',
        status: 'SUCCEEDED',
        fineTunedModelId: 'own-lora',
        endpointUrl: own.url,
        endpointApiKey: 'own-key',
      })
      .returning({ id: modelVersions.id });
    try {
      await runModelsHealth({ trigger: 'manual' }, context({ ...openAiServices(), llmRouter: createLlmRouter({}) }));
      expect((await storedRecord())?.['own-lora']).toBe(true);
      expect(own.requests.map((entry) => [entry.path, entry.authorization])).toEqual([['/v1/models/own-lora', 'Bearer own-key']]);
      expect(openai.requests.some((entry) => entry.path.includes('own-lora'))).toBe(false);
    } finally {
      await database.db.delete(modelVersions).where(eq(modelVersions.id, version?.id ?? ''));
      await own.close();
    }
  });

  it('stores one healthy entry for the offline engine, labelled offline, replacing the provider models', async () => {
    const output = await runModelsHealth({ trigger: 'schedule' }, context(createOfflineWorkerServices()));

    expect(output).toMatchObject({ engine: 'offline', stored: true, checked: 1, unhealthy: 0, errors: null });
    expect(await storedRecord()).toEqual({ [offlineEngineModel]: true });
    expect(openai.requests).toEqual([]);
    const { entries } = await getModelHealth(database.db);
    expect(entries).toEqual([
      { model: offlineEngineModel, healthy: true, checkedAt: expect.any(String), error: null, offline: true },
    ]);
  });

  it('marks every model unhealthy when the provider cannot be reached, without failing the job', async () => {
    const gone = await startFakeOpenAi();
    const url = gone.url;
    await gone.close();
    const services = { ...openAiServices(), llm: createOpenAiLlm({ apiKey: 'test-key', baseURL: url }) };

    const output = await runModelsHealth({ trigger: 'manual' }, context(services));

    const record = (await storedRecord()) ?? {};
    expect(Object.values(record).length).toBe(knownModels.length + 1);
    expect(Object.values(record).every((healthy) => healthy === false)).toBe(true);
    expect(output).toMatchObject({ unhealthy: knownModels.length + 1 });
  });

  it('stores nothing and records no change when there is no app config row', async () => {
    const empty = await createTestDatabase(inject('postgresServerUrl'));
    try {
      const output = await runModelsHealth({ trigger: 'manual' }, { ...context(createOfflineWorkerServices()), db: empty.db });
      expect(output).toMatchObject({ stored: false, checked: 1 });
      expect(await listRecordedChanges(empty.db)).toEqual([]);
    } finally {
      await empty.drop();
    }
  });

  it('runs when enqueued, through a worker that registers its handler and its five-minute schedule', async () => {
    await database.db.update(appConfigs).set({ isModelHealthyRecord: {} }).where(eq(appConfigs.id, defaultAppId));
    const worker = await startWorker({ databaseUrl: database.url, services: openAiServices() });
    let client: PgBoss | undefined;
    try {
      client = createBoss(database.url, { role: 'client' });
      await client.start();
      expect((await client.getSchedules('models.health')).map((schedule) => schedule.cron)).toEqual(['*/5 * * * *']);
      const jobId = await enqueue(client, 'models.health', { trigger: 'manual' });
      expect(jobId).not.toBeNull();

      const record = await vi.waitFor(
        async () => {
          const stored = await storedRecord();
          expect(Object.keys(stored ?? {})).not.toHaveLength(0);
          return stored;
        },
        { timeout: 15_000, interval: 100 },
      );
      expect(record?.[retiredModel]).toBe(false);
      expect(record?.['local-chat']).toBe(true);
    } finally {
      await client?.stop({ graceful: false });
      await worker.stop();
    }
  });
});
