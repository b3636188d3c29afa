// The models.fine-tune job through a running worker and pg-boss, with the offline fine-tuner (no
// provider configured, as on a bare machine): the schedule's sweep picks up the demo's versions
// still uploading or fine-tuning, their follow-up jobs finish them, and the fine-tuning slot the
// demo holds is given back.
import { appConfigs, defaultAppId, modelVersions, seedDemoData } from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { createFineTuning } from '@doppel/integrations';
import { createBoss, enqueue } from '@doppel/jobs';
import { eq, inArray } from 'drizzle-orm';
import type { PgBoss } from 'pg-boss';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
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
      services: { ...createOfflineWorkerServices(), fineTuning: createFineTuning({}) },
    });
    let client: PgBoss | undefined;
    try {
      client = createBoss(database.url, { role: 'client' });
      await client.start();
      await enqueue(client, 'models.fine-tune', { trigger: 'manual' });
      const deadline = Date.now() + 30_000;
      while ((await inProgress()).length > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
      expect(await inProgress()).toEqual([]);
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
});
