// Training providers and bring-your-own models over real HTTP (docs/fine-tuning.md#providers): a
// Together version goes from upload to Succeeded through the real `together-ai` SDK against the
// fake Together, and its twin then answers through Together's OpenAI-compatible chat endpoint; a
// refused base fails the version with Together's words; a crash between upload and job creation
// makes no second file or job. A version registered with its own endpoint answers there, an
// endpoint that refuses is not stored, its key never comes back, the examples export as JSONL,
// and none of it is open to a non-admin.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appConfigs, defaultAppId, modelVersions, qualityRuns, seedDemoData, talentConfigs } from '@doppel/db';
import { answerFanMessage } from '@doppel/domain/chat/reply';
import { advanceModelVersion } from '@doppel/domain/models';
import type { FineTuningRegistry } from '@doppel/domain/ports';
import { executeQualityRun, routedLlmFor } from '@doppel/domain/quality';
import {
  createFineTuningRegistry,
  createLlmRouter,
  createLocalDiskStorage,
  createOfflineLlm,
  createUnconfiguredTts,
} from '@doppel/integrations';
import { type FakeOpenAi, type FakeTogether, startFakeOpenAi, startFakeTogether } from '@doppel/integrations/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTalent, setBalance, userIdOf } from './chat-fixtures.ts';
import { type Api, type Caller, refusal, seedPeople, signIn, startApi } from './harness.ts';

const llama = 'meta-llama/Meta-Llama-3.1-8B-Instruct-Reference';

let api: Api;
let filesDir: string;
let together: FakeTogether;
let endpoint: FakeOpenAi;
let fineTuners: FineTuningRegistry;
let people: Awaited<ReturnType<typeof seedPeople>>;
let admin: Caller;
let fanCount = 0;

const examplesText = (count: number) =>
  Array.from({ length: count }, (_, i) => `U: Tell me about hiking #${i + 1}\nA: I love hiking, trail ${i + 1}!`).join('\nNEW\n');

/** A model of a new twin, on Together's Llama base, with 20 examples saved. */
async function togetherModel(name: string) {
  const twin = await createTalent(api, { managerIds: [people.creatorA.id] });
  await api.database.db.insert(talentConfigs).values({ id: twin.talent.id }).onConflictDoNothing();
  const { modelId } = await admin.client.admin.models.create.mutate({ name, talentId: twin.talent.id });
  await admin.client.admin.models.update.mutate({
    modelId,
    name,
    provider: 'together',
    base: llama,
    trainingExamplesText: examplesText(20),
  });
  return { modelId, twin };
}

/** Runs the pipeline until the version is done, as the worker's follow-up jobs would. */
async function finish(versionId: string) {
  for (let step = 0; step < 10; step++) {
    const result = await advanceModelVersion(api.database.db, fineTuners, versionId);
    if (result.done) return result;
  }
  throw new Error('the version did not finish in 10 steps');
}

/** A fan of the twin with credits, who says hello; the reply job's use case answers with the router. */
async function fanSaysHello(twin: Awaited<ReturnType<typeof createTalent>>) {
  fanCount += 1;
  const email = `providers-fan-${fanCount}@test.dev`;
  const fan = await signIn(api, email);
  await setBalance(api, await userIdOf(api, email), 0, 5);
  const { chat } = await fan.client.chat.open.mutate({ talentTag: twin.tag });
  const sent = await fan.client.chat.send.mutate({
    chatId: chat.id,
    text: 'Hi! Been hiking lately?',
    idempotencyKey: randomUUID(),
  });
  const router = createLlmRouter({ togetherApiKey: 'together-test', togetherBaseUrl: together.url });
  return answerFanMessage(
    {
      db: api.database.db,
      llm: createOfflineLlm(),
      llmFor: router.llmFor,
      tts: createUnconfiguredTts(),
      storage: createLocalDiskStorage(filesDir),
    },
    { chatId: chat.id, messageId: sent.message.id },
  );
}

beforeAll(async () => {
  together = await startFakeTogether({ apiKey: 'together-test' });
  endpoint = await startFakeOpenAi({ apiKey: 'sk-own-endpoint' });
  filesDir = await mkdtemp(join(tmpdir(), 'doppel-providers-files-'));
  api = await startApi({
    env: { TOGETHER_API_KEY: 'together-test', TOGETHER_BASE_URL: together.url, FAN_FREE_CREDITS: '3', FILES_DIR: filesDir },
  });
  // The reply's prompt templates live in the app config the demo data seeds.
  await seedDemoData(api.database.db);
  // The demo holds the fine-tuning slot with a version of its own; these tests generate theirs.
  await api.database.db.update(appConfigs).set({ fineTuningModelId: null }).where(eq(appConfigs.id, defaultAppId));
  people = await seedPeople(api);
  fineTuners = createFineTuningRegistry({ togetherApiKey: 'together-test', togetherBaseUrl: together.url });
  admin = await signIn(api, people.admin.email ?? '');
});

afterAll(async () => {
  await api?.close();
  await together?.close();
  await endpoint?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

describe('Together AI', () => {
  it('offers Together with its bases and refuses a base it does not have', async () => {
    const { modelId } = await admin.client.admin.models.create.mutate({ name: 'Base check' });
    const detail = await admin.client.admin.models.get.query({ modelId });
    expect(detail.providers.map((entry) => entry.provider)).toEqual(['together']);
    expect(detail.base).toBe(llama);
    const update = (provider: 'openai' | 'together', base: string) =>
      admin.client.admin.models.update.mutate({ modelId, name: 'Base check', provider, base, trainingExamplesText: '' });
    expect((await refusal(update('together', 'gpt-4o-mini-2024-07-18'))).fieldErrors?.base?.[0]).toMatch(
      /^Unknown base for together/,
    );
    expect((await refusal(update('openai', 'gpt-4o-mini-2024-07-18'))).fieldErrors?.provider?.[0]).toMatch(
      /^openai is not configured/,
    );
  });

  it('trains a version to Succeeded and its twin answers through Together’s chat endpoint', async () => {
    const { modelId, twin } = await togetherModel('Hiker');
    const generated = await admin.client.admin.models.generateVersion.mutate({ modelId });
    expect(generated.versions[0]).toMatchObject({ provider: 'together', base: llama, status: 'UPLOADING_TRAINING_FILE' });
    const versionId = generated.versions[0]?.id ?? '';
    expect((await finish(versionId)).status).toBe('SUCCEEDED');

    const [file] = together.filesUploaded().filter((candidate) => candidate.filename === `doppel-version-${versionId}.jsonl`);
    expect(file?.purpose).toBe('fine-tune');
    expect(file?.content?.split('\n').filter(Boolean)).toHaveLength(20);
    const version = (await admin.client.admin.models.get.query({ modelId })).versions[0];
    expect(version?.fineTunedModelId).toMatch(
      new RegExp(`^doppel-test/Meta-Llama-3\\.1-8B-Instruct-Reference-doppel-${versionId}-`),
    );

    await admin.client.admin.models.makeDefault.mutate({ modelId, versionId });
    together.inference.script({ text: 'Yes! Up the ridge trail last weekend.' });
    const answered = await fanSaysHello(twin);
    expect(answered.status).toBe('answered');
    const chat = together.inference.requests.find((request) => request.path === '/v1/chat/completions');
    expect(chat?.authorization).toBe('Bearer together-test');
    expect((chat?.body as { model?: string } | undefined)?.model).toBe(version?.fineTunedModelId);
  });

  it('fails a version whose base Together refuses, with Together’s words', async () => {
    const { modelId } = await togetherModel('Refused base');
    together.fineTunableBases(['Qwen/Qwen2.5-7B-Instruct']);
    try {
      const versionId = (await admin.client.admin.models.generateVersion.mutate({ modelId })).versions[0]?.id ?? '';
      expect((await finish(versionId)).status).toBe('FAILED');
      expect((await admin.client.admin.models.get.query({ modelId })).versions[0]?.errorMessage).toBe(
        `Model ${llama} is not supported for fine-tuning.`,
      );
    } finally {
      together.fineTunableBases([llama]);
    }
  });

  it('makes no second file or job after a crash between the upload and the job’s answer', async () => {
    const { modelId } = await togetherModel('Crashy hiker');
    const versionId = (await admin.client.admin.models.generateVersion.mutate({ modelId })).versions[0]?.id ?? '';
    const files = together.filesUploaded().length;
    const jobs = together.jobsCreated().length;
    // A short-lived worker: the job is created at Together, but its answer never comes back.
    const dying = createFineTuningRegistry({ togetherApiKey: 'together-test', togetherBaseUrl: together.url, timeoutMs: 500 });
    const lost = together.loseNextCreateAnswer();
    await expect(advanceModelVersion(api.database.db, dying, versionId)).rejects.toThrow(/Together fine-tune create failed/);
    await lost;
    const [saved] = await api.database.db.select().from(modelVersions).where(eq(modelVersions.id, versionId));
    expect(saved).toMatchObject({ status: 'UPLOADING_TRAINING_FILE', openAiFineTuningJobId: null });
    expect(saved?.openAiTrainingFileId).toBeTruthy();

    expect((await finish(versionId)).status).toBe('SUCCEEDED');
    expect(together.filesUploaded().length - files).toBe(1);
    expect(together.jobsCreated().length - jobs).toBe(1);
  });
});

describe('bring your own model', () => {
  it('registers a version served by its own endpoint, which the twin then answers with', async () => {
    const { modelId, twin } = await togetherModel('Own LoRA');
    const detail = await admin.client.admin.models.registerVersion.mutate({
      modelId,
      modelName: 'hiker-lora',
      endpointUrl: endpoint.url,
      apiKey: 'sk-own-endpoint',
    });
    const version = detail.versions[0];
    expect(version).toMatchObject({
      provider: 'custom',
      status: 'SUCCEEDED',
      fineTunedModelId: 'hiker-lora',
      endpointUrl: endpoint.url,
    });
    // Write-only: the key is nowhere in what the screens read.
    expect(JSON.stringify(detail)).not.toContain('sk-own-endpoint');
    expect(JSON.stringify(await admin.client.admin.models.get.query({ modelId }))).not.toContain('sk-own-endpoint');

    // Registered already trained, it is checked at once (docs/quality.md): until its run is done it
    // cannot become the default. The worker's job runs it here, answering through the endpoint.
    const versionId = version?.id ?? '';
    const runs = await api.database.db.select().from(qualityRuns).where(eq(qualityRuns.modelVersionId, versionId));
    expect(runs.map((run) => [run.trigger, run.status])).toEqual([['NEW_VERSION', 'QUEUED']]);
    const early = await refusal(admin.client.admin.models.makeDefault.mutate({ modelId, versionId }));
    expect(early.message).toBe('The quality check of this version is still running');
    endpoint.reset();
    const offline = createOfflineLlm();
    const checked = await executeQualityRun(
      {
        db: api.database.db,
        llm: offline,
        llmFor: routedLlmFor(offline, createLlmRouter({}).llmFor),
        maxCases: 3,
      },
      runs[0]?.id ?? '',
    );
    expect(checked.status).toBe('DONE');
    const answered = endpoint.requests.filter((request) => request.path === '/v1/chat/completions');
    expect(answered.length).toBeGreaterThan(0);
    expect(answered.every((request) => (request.body as { model?: string }).model === 'hiker-lora')).toBe(true);

    await admin.client.admin.models.makeDefault.mutate({ modelId, versionId, confirmWorse: true });
    endpoint.reset();
    endpoint.script({ text: 'Always! The lake loop is my favourite.' });
    expect((await fanSaysHello(twin)).status).toBe('answered');
    const chat = endpoint.requests.find((request) => request.path === '/v1/chat/completions');
    expect(chat?.authorization).toBe('Bearer sk-own-endpoint');
    expect((chat?.body as { model?: string } | undefined)?.model).toBe('hiker-lora');
  });

  it('refuses an endpoint that does not answer, with its words, and stores nothing', async () => {
    const { modelId } = await togetherModel('Wrong key');
    const register = (endpointUrl: string, apiKey: string | null) =>
      admin.client.admin.models.registerVersion.mutate({ modelId, modelName: 'hiker-lora', endpointUrl, apiKey });
    const wrongKey = await refusal(register(endpoint.url, 'sk-wrong'));
    expect(wrongKey.fieldErrors?.endpointUrl?.[0]).toMatch(/^The endpoint did not answer: /);
    expect((await refusal(register('ftp://10.0.0.5/v1', null))).fieldErrors?.endpointUrl?.[0]).toMatch(/http:\/\/ or https:\/\//);
    expect((await admin.client.admin.models.get.query({ modelId })).versions).toEqual([]);
  });

  it('exports the examples as OpenAI chat JSONL', async () => {
    const { modelId } = await togetherModel('Exported');
    const exported = await admin.client.admin.models.exportTrainingData.query({ modelId });
    expect(exported).toMatchObject({ fileName: 'exported-training.jsonl', exampleCount: 20 });
    const lines = exported.jsonl
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines).toHaveLength(20);
    expect(lines[0]).toEqual({
      messages: [
        { role: 'user', content: 'Tell me about hiking #1' },
        { role: 'assistant', content: 'I love hiking, trail 1!' },
      ],
    });
  });

  it('is admin only', async () => {
    const { modelId } = await togetherModel('Guarded');
    const creator = await signIn(api, people.creatorA.email ?? '');
    const input = { modelId, modelName: 'x', endpointUrl: endpoint.url, apiKey: null };
    expect((await refusal(creator.client.admin.models.registerVersion.mutate(input))).code).toBe('FORBIDDEN');
    expect((await refusal(creator.client.admin.models.exportTrainingData.query({ modelId }))).code).toBe('FORBIDDEN');
  });
});
