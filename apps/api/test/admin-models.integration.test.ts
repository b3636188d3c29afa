// The admin Models section over real HTTP (issue "Worker tier", models): create, examples checked by
// the parser of docs/product-rules.md#training-examples, one generation at a time, the fine-tuning pipeline through the real `openai`
// SDK against the fake OpenAI server (success, a provider failure, a refused base, and crashes
// between steps that still end with one upload and one provider job), and Make Default.
import { appConfigs, defaultAppId, modelVersions, talentConfigs } from '@doppel/db';
import { advanceModelVersion } from '@doppel/domain/models';
import type { FineTuningPort, FineTuningRegistry } from '@doppel/domain/ports';
import { createFineTuningRegistry } from '@doppel/integrations';
import { type FakeOpenAi, startFakeOpenAi } from '@doppel/integrations/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, type Caller, refusal, seedPeople, signIn, startApi } from './harness.ts';

let api: Api;
let openai: FakeOpenAi;
let fineTuners: FineTuningRegistry;
let port: FineTuningPort;
let people: Awaited<ReturnType<typeof seedPeople>>;
let admin: Caller;

/** `count` valid examples in the form's text format. */
function examplesText(count: number, topic = 'travel'): string {
  return Array.from({ length: count }, (_, i) => `U: Tell me about ${topic} #${i + 1}\nA: I love ${topic}, story ${i + 1}!`).join(
    '\nNEW\n',
  );
}

async function modelWithExamples(name: string, base?: string): Promise<string> {
  const { modelId } = await admin.client.admin.models.create.mutate({ name, talentId: people.talentA.id });
  const detail = await admin.client.admin.models.get.query({ modelId });
  await admin.client.admin.models.update.mutate({
    modelId,
    name,
    base: base ?? detail.base,
    trainingExamplesText: examplesText(20),
  });
  return modelId;
}

/** Runs the pipeline until the version is done, as the worker's follow-up jobs would. */
async function finish(versionId: string) {
  for (let step = 0; step < 10; step++) {
    const result = await advanceModelVersion(api.database.db, fineTuners, versionId);
    if (result.done) return result;
  }
  throw new Error('the version did not finish in 10 steps');
}

const latestVersion = async (modelId: string) => (await admin.client.admin.models.get.query({ modelId })).versions[0];

beforeAll(async () => {
  openai = await startFakeOpenAi();
  // The API offers OpenAI (its key is set); the worker's registry trains with it.
  api = await startApi({ env: { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: openai.url } });
  people = await seedPeople(api);
  const fn = { name: 'f', description: 'd', successTextDescription: 's', failureTextDescription: 'f' };
  await api.database.db.insert(appConfigs).values({
    chatPromptTemplate: 't',
    chatPromptTemplateForFaq: 't',
    talentChatPromptTemplate: 't',
    functionSchemaConfig: { generateImageAttachment: { ...fn, contextDescription: 'c' }, generateAudioAttachment: fn },
  });
  await api.database.db.insert(talentConfigs).values({ id: people.talentA.id });
  fineTuners = createFineTuningRegistry({ openAiApiKey: 'sk-test', openAiBaseUrl: openai.url });
  port = fineTuners.fineTunerFor('openai');
  admin = await signIn(api, people.admin.email ?? '');
});

afterAll(async () => {
  await api?.close();
  await openai?.close();
});

describe('models', () => {
  it('creates a model with a known base and refuses examples that break docs/product-rules.md#admin-forms', async () => {
    const { modelId } = await admin.client.admin.models.create.mutate({ name: 'Travel voice' });
    const detail = await admin.client.admin.models.get.query({ modelId });
    expect(detail).toMatchObject({ name: 'Travel voice', exampleCount: 0, trainingExamplesText: '', versions: [] });
    expect(detail.provider).toBeNull();
    expect(detail.providers.map((entry) => entry.provider)).toEqual(['openai']);
    expect(detail.providers[0]?.bases).toContain(detail.base);
    expect(detail.generateBlockedReason).toBe('Add at least 20 training examples and save them first (this model has 0).');

    const update = (trainingExamplesText: string, base = detail.base) =>
      admin.client.admin.models.update.mutate({ modelId, name: 'Travel voice', base, trainingExamplesText });
    expect((await refusal(update('NEW\nU: hi\nA: hello'))).fieldErrors?.trainingExamplesText).toEqual([
      'First row cannot be NEW',
    ]);
    expect((await refusal(update('U: hi\nhello there'))).fieldErrors?.trainingExamplesText).toEqual([
      'Line #2 is invalid: hello there',
    ]);
    expect((await refusal(update(examplesText(5)))).fieldErrors?.trainingExamplesText).toEqual([
      'Training file has 5 examples, but must have at least 20',
    ]);
    expect((await refusal(update(examplesText(20), 'gpt-2'))).fieldErrors?.base?.[0]).toMatch(/^Unknown base for openai/);
    expect((await admin.client.admin.models.get.query({ modelId })).exampleCount).toBe(0);

    const saved = await update(`S: You are Mia.\n${examplesText(20)}`);
    expect(saved.exampleCount).toBe(20);
    expect(saved.trainingExamplesText.startsWith('S: You are Mia.\nU: Tell me about travel #1')).toBe(true);
    expect(saved.generateBlockedReason).toBeNull();
  });

  it('fine-tunes a version to Succeeded, one at a time, and makes it the twin’s default', async () => {
    const modelId = await modelWithExamples('Mia tuned');
    const generated = await admin.client.admin.models.generateVersion.mutate({ modelId });
    expect(generated.versions[0]).toMatchObject({ status: 'UPLOADING_TRAINING_FILE', exampleCount: 20 });
    expect(generated.generateBlockedReason).toBe(
      'Mia tuned is being fine-tuned; a new version can be generated when it finishes.',
    );
    expect((await refusal(admin.client.admin.models.generateVersion.mutate({ modelId }))).code).toBe('CONFLICT');
    const versionId = generated.versions[0]?.id ?? '';

    const result = await finish(versionId);
    expect(result.status).toBe('SUCCEEDED');
    const version = await latestVersion(modelId);
    expect(version).toMatchObject({ status: 'SUCCEEDED', organisation: 'V1', errorMessage: null });
    expect(version?.fineTunedModelId).toMatch(/^ft:/);
    const [config] = await api.database.db.select().from(appConfigs).where(eq(appConfigs.id, defaultAppId));
    expect(config?.fineTuningModelId).toBeNull();

    const detail = await admin.client.admin.models.makeDefault.mutate({ modelId, versionId });
    expect(detail.defaultVersionId).toBe(versionId);
    expect(detail.versions[0]?.isDefault).toBe(true);
    const [talentConfig] = await api.database.db.select().from(talentConfigs).where(eq(talentConfigs.id, people.talentA.id));
    expect(talentConfig?.llmFineTunedModelId).toBe(version?.fineTunedModelId);
  });

  it('fails a version with the provider’s message, and refuses it as the default', async () => {
    const modelId = await modelWithExamples('Will fail');
    openai.failNextJob('invalid_training_file: Example 3 has no assistant message.');
    const versionId = (await admin.client.admin.models.generateVersion.mutate({ modelId })).versions[0]?.id ?? '';
    expect((await finish(versionId)).status).toBe('FAILED');
    const version = await latestVersion(modelId);
    expect(version?.errorMessage).toBe('invalid_training_file: Example 3 has no assistant message.');
    expect((await refusal(admin.client.admin.models.makeDefault.mutate({ modelId, versionId }))).message).toBe(
      'Only a version that succeeded can be made the default.',
    );
    // The slot is free again.
    expect((await admin.client.admin.models.get.query({ modelId })).generateBlockedReason).toBeNull();
  });

  it('fails a version whose base the provider refuses, with the provider’s words', async () => {
    openai.fineTunableBases(['gpt-4o-mini-2024-07-18']);
    try {
      const modelId = await modelWithExamples('Old base', 'gpt-3.5-turbo-1106');
      const versionId = (await admin.client.admin.models.generateVersion.mutate({ modelId })).versions[0]?.id ?? '';
      expect((await finish(versionId)).status).toBe('FAILED');
      expect((await latestVersion(modelId))?.errorMessage).toMatch(/gpt-3\.5-turbo-1106/);
    } finally {
      openai.fineTunableBases(null);
    }
  });

  it('ends with one upload and one provider job after crashes between the steps', async () => {
    const modelId = await modelWithExamples('Crashy');
    const versionId = (await admin.client.admin.models.generateVersion.mutate({ modelId })).versions[0]?.id ?? '';
    const uploadsBefore = openai.filesUploaded().length;
    const jobsBefore = openai.jobsCreated().length;
    // A worker uploaded the file and died before saving its id…
    const [version] = await api.database.db.select().from(modelVersions).where(eq(modelVersions.id, versionId));
    const jsonl = `${(version?.trainingExamples ?? []).map((example) => JSON.stringify(example)).join('\n')}\n`;
    const { fileId } = await port.uploadTrainingFile({ versionId, jsonl });
    // …and the next one created the provider job and died before saving it.
    await port.createJob({ versionId, trainingFileId: fileId, baseModel: version?.base ?? '' });

    expect((await finish(versionId)).status).toBe('SUCCEEDED');
    expect(openai.filesUploaded().length - uploadsBefore).toBe(1);
    expect(openai.jobsCreated().length - jobsBefore).toBe(1);
    const [saved] = await api.database.db.select().from(modelVersions).where(eq(modelVersions.id, versionId));
    expect(saved?.openAiTrainingFileId).toBe(fileId);
  });

  it('is admin only', async () => {
    const creator = await signIn(api, people.creatorA.email ?? '');
    expect((await refusal(creator.client.admin.models.list.query({}))).code).toBe('FORBIDDEN');
  });
});
