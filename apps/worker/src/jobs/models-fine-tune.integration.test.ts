// The models.fine-tune job through a running worker and pg-boss, with the offline fine-tuner (no
// provider configured, as on a bare machine): the schedule's sweep picks up the demo's versions
// still uploading or fine-tuning, their follow-up jobs finish them, and the fine-tuning slot the
// demo holds is given back. And with the real `openai` SDK against the fake provider, a worker
// process killed (SIGKILL) between the upload and the job's creation, and again while polling,
// still ends with one upload, one provider job and the version SUCCEEDED. A version that succeeds
// gets its quality run, scored by the same worker.
import { appConfigs, defaultAppId, models, modelVersions, qualityRuns, seedDemoData } from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { createFineTuningRegistry } from '@doppel/integrations';
import { startFakeOpenAi } from '@doppel/integrations/testing';
import { createBoss, enqueue } from '@doppel/jobs';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { startWorkerProcess, type WorkerProcess } from '../../../../scripts/worker-process.ts';
import { startWorker } from '../worker.ts';
import { createOfflineWorkerServices } from './chat-reply-services.ts';
import { pollDelaySeconds } from './models-fine-tune.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  await seedDemoData(database.db);
});
afterAll(async () => {
  await database?.drop();
});

const inProgress = () =>
  database.db
    .select({ id: modelVersions.id })
    .from(modelVersions)
    .where(inArray(modelVersions.status, ['UPLOADING_TRAINING_FILE', 'FINE_TUNING']));

describe('models.fine-tune', () => {
  it('polls often at first, then rarely', () => {
    expect(pollDelaySeconds(0)).toBe(15);
    expect(pollDelaySeconds(5 * 60_000)).toBe(60);
    expect(pollDelaySeconds(60 * 60_000)).toBe(300);
  });

  it('finishes every version in progress from one sweep, through follow-up jobs, and frees the slot', async () => {
    const pending = await inProgress();
    expect(pending.length).toBeGreaterThanOrEqual(2);
    const worker = await startWorker({
      databaseUrl: database.url,
      services: { ...createOfflineWorkerServices(), fineTuning: createFineTuningRegistry({}) },
    });
    let client: PgBoss | undefined;
    try {
      client = createBoss(database.url, { role: 'client' });
      await client.start();
      await enqueue(client, 'models.fine-tune', { trigger: 'manual' });
      await expect.poll(inProgress, { timeout: 30_000, interval: 200 }).toEqual([]);
      // Each version of a twin's model that SUCCEEDED was checked against the twin (docs/quality.md):
      // its NEW_VERSION run, sent with the success, is scored by the same worker.
      const versionRuns = () =>
        database.db
          .select({ versionId: qualityRuns.modelVersionId, status: qualityRuns.status, trigger: qualityRuns.trigger })
          .from(qualityRuns)
          .where(
            inArray(
              qualityRuns.modelVersionId,
              pending.map((row) => row.id),
            ),
          );
      const ofTwins = await database.db
        .select({ id: modelVersions.id })
        .from(modelVersions)
        .innerJoin(models, eq(models.id, modelVersions.modelId))
        .where(
          and(
            inArray(
              modelVersions.id,
              pending.map((row) => row.id),
            ),
            isNotNull(models.talentId),
          ),
        );
      expect(ofTwins.length).toBeGreaterThan(0);
      await expect
        .poll(async () => (await versionRuns()).filter((run) => run.status === 'DONE').length, { timeout: 60_000, interval: 250 })
        .toBe(ofTwins.length);
      expect((await versionRuns()).every((run) => run.trigger === 'NEW_VERSION')).toBe(true);
    } finally {
      await client?.stop({ graceful: false });
      await worker.stop();
    }
    const finished = await database.db
      .select()
      .from(modelVersions)
      .where(
        inArray(
          modelVersions.id,
          pending.map((row) => row.id),
        ),
      );
    for (const version of finished) {
      expect(version.status).toBe('SUCCEEDED');
      expect(version.fineTunedModelId).toBe(`ft:${version.base}:doppel-offline:${version.id}`);
    }
    const [config] = await database.db.select().from(appConfigs).where(eq(appConfigs.id, defaultAppId));
    expect(config?.fineTuningModelId).toBeNull();
  });

  it('ends with one upload, one provider job and SUCCEEDED after the worker is killed between the steps', async () => {
    const openai = await startFakeOpenAi();
    const env = { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.url };
    const examples = Array.from({ length: 20 }, (_, i) => ({
      messages: [
        { role: 'user' as const, content: `Where next, #${i}?` },
        { role: 'assistant' as const, content: `Lisbon, always #${i}!` },
      ],
    }));
    const [model] = await database.db
      .insert(models)
      .values({ name: 'Killed twice', base: 'gpt-4o-mini-2024-07-18', trainingExamples: examples })
      .returning({ id: models.id });
    const [version] = await database.db
      .insert(modelVersions)
      .values({ modelId: model?.id ?? '', base: 'gpt-4o-mini-2024-07-18', trainingExamples: examples })
      .returning({ id: modelVersions.id });
    const versionId = version?.id ?? '';
    const client = createBoss(database.url, { role: 'client' });
    await client.start();
    const workers: WorkerProcess[] = [];
    try {
      // 1. The file is uploaded; the worker dies while creating the provider job.
      const creating = openai.holdNext('createJob', 'before');
      workers.push(await startWorkerProcess(database.url, env));
      await enqueue(client, 'models.fine-tune', { versionId }, { singletonKey: versionId });
      await creating;
      await workers[0]?.kill('SIGKILL');
      expect(openai.filesUploaded()).toHaveLength(1);
      expect(openai.jobsCreated()).toHaveLength(0);

      // 2. A new worker finds the upload by name and creates the job; it dies while polling it (the
      //    provider moved the job on, but the answer never arrived).
      const polling = openai.holdNext('retrieveJob', 'after');
      workers.push(await startWorkerProcess(database.url, env));
      await polling;
      await workers[1]?.kill('SIGKILL');
      expect(openai.jobsCreated()).toHaveLength(1);

      // 3. A third worker polls the same job to the end.
      workers.push(await startWorkerProcess(database.url, env));
      await expect
        .poll(async () => (await database.db.select().from(modelVersions).where(eq(modelVersions.id, versionId)))[0]?.status, {
          timeout: 150_000,
          interval: 500,
        })
        .toBe('SUCCEEDED');
      expect(openai.filesUploaded()).toHaveLength(1);
      expect(openai.jobsCreated()).toHaveLength(1);
      const [done] = await database.db.select().from(modelVersions).where(eq(modelVersions.id, versionId));
      expect(done?.openAiFineTuningJobId).toBe(openai.jobsCreated()[0]?.id);
      expect(done?.fineTunedModelId).toMatch(/^ft:gpt-4o-mini-2024-07-18:/);
    } finally {
      for (const worker of workers) worker.child.kill('SIGKILL');
      await client.stop({ graceful: false });
      await openai.close();
    }
  }, 240_000);
});
