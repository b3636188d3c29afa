// The admin App screen's procedures over real HTTP: the settings before the first save, a full
// save (exact parts per million, the voice catalogue upserted in list order with removals, the
// change events every client hears), each validation rule refused with its field error and nothing
// changed, a voice sample uploaded as a public mp3, the demo settings saved back as they are, and
// the access tiers.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { appConfigs, apps, defaultAppId, listRecordedChanges, seedDemoData, voices } from '@doppel/db';
import {
  type AdminAppUpdateInput,
  adminAppMessages,
  adminTalentMessages,
  newVoiceDefaults,
  subscriptionPriceMessages,
} from '@doppel/validation';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, type Caller, createCaller, refusal, seedPeople, signIn, startApi } from './harness.ts';
import { fileInput, mp3, png } from './upload-fixtures.ts';

let api: Api;
let filesDir: string;
let admin: Caller;
let creator: Caller;
let fan: Caller;
let anonymous: Caller;

beforeAll(async () => {
  filesDir = await mkdtemp(join(tmpdir(), 'doppel-app-files-'));
  api = await startApi({ env: { FILES_DIR: filesDir } });
  const people = await seedPeople(api);
  admin = await signIn(api, people.admin.email as string);
  creator = await signIn(api, people.creatorA.email as string);
  fan = await signIn(api, people.fan.email as string);
  anonymous = createCaller(api);
});
afterAll(async () => {
  await api?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

const voice = (id: string, name: string, changes: Partial<AdminAppUpdateInput['voices'][number]> = {}) => ({
  id,
  name,
  sampleFilePath: `public/voice-sample/${id}.mp3`,
  stability: 0.5,
  similarityBoost: 0.7,
  style: 0,
  model: 'eleven_monolingual_v1',
  gender: 'FEMALE' as const,
  ...changes,
});

const settings: AdminAppUpdateInput = {
  chatPromptTemplate: 'You are {{name}}.\n{{facts}}',
  chatPromptTemplateForFaq: 'You are {{name}}. Answer from: {{faq}}',
  talentChatPromptTemplate: 'You are talking with {{name}} in person.',
  referralRevenueShare: 0.035,
  llmFunctionTemperature: 0.25,
  functionSchemaConfig: {
    generateImageAttachment: {
      name: 'generate_image_attachment',
      description: 'Send a photo.',
      contextDescription: 'What it shows.',
      successTextDescription: 'A caption.',
      failureTextDescription: 'When there is none.',
    },
    generateAudioAttachment: {
      name: 'generate_audio_attachment',
      description: 'Send a voice note.',
      successTextDescription: 'The words said.',
      failureTextDescription: 'When you cannot.',
    },
  },
  voices: [voice('voice_a', 'Ava'), voice('voice_b', 'Ben', { gender: 'MALE', style: 0.3 }), voice('voice_c', 'Cleo')],
  minVersion: { talent: '1.4.0' },
  emptyChatMessageText: 'Say hi 👋',
  subscriptionPriceMinCents: 599,
  subscriptionPriceMaxCents: 2_999,
};

async function storedVoices() {
  return api.database.db
    .select({ id: voices.id, name: voices.name, position: voices.position, style: voices.style })
    .from(voices)
    .orderBy(asc(voices.position));
}

describe('admin.app before the first save', () => {
  it('answers blank templates and the documented defaults, and the first save creates the rows', async () => {
    const unsaved = await admin.client.admin.app.get.query();
    expect(unsaved).toMatchObject({
      chatPromptTemplate: '',
      referralRevenueShare: 0.03,
      voices: [],
      minVersion: { talent: '0.0.0' },
      emptyChatMessageText: '',
      subscriptionPriceMinCents: 499,
      subscriptionPriceMaxCents: 4_999,
      updatedAt: null,
    });

    const saved = await admin.client.admin.app.update.mutate(settings);

    expect(saved).toEqual({ ...settings, updatedAt: expect.any(String) });
    expect(await admin.client.admin.app.get.query()).toEqual(saved);
  });
});

describe('admin.app.update', () => {
  it('stores the referral share as exact parts per million and keeps the model-health record', async () => {
    await api.database.db
      .update(appConfigs)
      .set({ isModelHealthyRecord: { 'gpt-4o-mini': true } })
      .where(eq(appConfigs.id, defaultAppId));
    for (const [share, ppm] of [
      [0.001, 1_000],
      [0.035, 35_000],
      [0.999, 999_000],
      [1, 1_000_000],
      [0, 0],
    ] as const) {
      await admin.client.admin.app.update.mutate({ ...settings, referralRevenueShare: share });
      const [config] = await api.database.db.select().from(appConfigs).where(eq(appConfigs.id, defaultAppId));
      expect(config?.referralRevenueSharePpm).toBe(ppm);
      expect(config?.isModelHealthyRecord).toEqual({ 'gpt-4o-mini': true });
    }
    expect((await admin.client.admin.app.get.query()).referralRevenueShare).toBe(0);
  });

  it('upserts voices by id in list order, removes the missing ones, and tells every client', async () => {
    await admin.client.admin.app.update.mutate(settings);
    const before = (await listRecordedChanges(api.database.db)).length;
    const added = { ...voice('voice_d', 'Dana'), ...newVoiceDefaults };

    const saved = await admin.client.admin.app.update.mutate({
      ...settings,
      voices: [voice('voice_c', 'Cleo', { style: 0.6 }), added, voice('voice_a', 'Ava Renamed')],
      minVersion: { talent: '2.0.0' },
      emptyChatMessageText: 'Nothing here yet',
    });

    expect(saved.voices.map((entry) => entry.id)).toEqual(['voice_c', 'voice_d', 'voice_a']);
    expect(await storedVoices()).toEqual([
      { id: 'voice_c', name: 'Cleo', position: 0, style: 0.6 },
      { id: 'voice_d', name: 'Dana', position: 1, style: 0 },
      { id: 'voice_a', name: 'Ava Renamed', position: 2, style: 0 },
    ]);
    const [app] = await api.database.db.select().from(apps).where(eq(apps.id, defaultAppId));
    expect(app?.emptyChatMessageText).toBe('Nothing here yet');
    // The 'app' scope reaches every client: the version banner reads the new minimum.
    expect((await anonymous.client.system.info.query()).minTalentVersion).toBe('2.0.0');

    const changes = (await listRecordedChanges(api.database.db)).slice(before);
    const both = ['admin', 'app'];
    expect(changes).toEqual(
      expect.arrayContaining([
        { entity: 'app_configs', rowId: defaultAppId, scopes: both },
        { entity: 'apps', rowId: defaultAppId, scopes: both },
        ...['voice_a', 'voice_b', 'voice_c', 'voice_d'].map((rowId) => ({ entity: 'voices', rowId, scopes: both })),
      ]),
    );
  });

  it('refuses a function name with other than letters and underscores, as a field error, changing nothing', async () => {
    await admin.client.admin.app.update.mutate(settings);
    const before = await admin.client.admin.app.get.query();
    const changesBefore = (await listRecordedChanges(api.database.db)).length;

    const failure = await refusal(
      admin.client.admin.app.update.mutate({
        ...settings,
        chatPromptTemplate: 'A new template that must not be saved',
        voices: [],
        functionSchemaConfig: {
          ...settings.functionSchemaConfig,
          generateImageAttachment: { ...settings.functionSchemaConfig.generateImageAttachment, name: 'send-photo 2' },
        },
      }),
    );

    expect(failure.code).toBe('BAD_REQUEST');
    expect(failure.message).toBe('FunctionName contains invalid characters');
    expect(failure.fieldErrors?.functionSchemaConfig).toEqual(['FunctionName contains invalid characters']);
    expect(await admin.client.admin.app.get.query()).toEqual(before);
    expect(await listRecordedChanges(api.database.db)).toHaveLength(changesBefore);
  });

  it('refuses a share out of range, a blank template, a bad voice and a bad version, each on its field', async () => {
    const before = await admin.client.admin.app.get.query();
    const cases: Array<[Partial<Record<keyof AdminAppUpdateInput, unknown>>, string, string]> = [
      [{ referralRevenueShare: 1.5 }, 'referralRevenueShare', adminTalentMessages.shareRange],
      [{ referralRevenueShare: -0.01 }, 'referralRevenueShare', adminTalentMessages.shareRange],
      [{ referralRevenueShare: 0.0305 }, 'referralRevenueShare', adminTalentMessages.shareStep],
      [{ llmFunctionTemperature: 1.2 }, 'llmFunctionTemperature', adminAppMessages.temperatureRange],
      [{ chatPromptTemplate: '  ' }, 'chatPromptTemplate', 'Required'],
      [{ chatPromptTemplateForFaq: '' }, 'chatPromptTemplateForFaq', 'Required'],
      [{ talentChatPromptTemplate: '' }, 'talentChatPromptTemplate', 'Required'],
      [{ voices: [voice('voice_a', '')] }, 'voices', 'Required'],
      [{ voices: [voice('voice_a', 'Ava', { sampleFilePath: '' })] }, 'voices', 'Required'],
      [{ voices: [voice('voice_a', 'Ava', { stability: 0.55 })] }, 'voices', adminAppMessages.voiceStep],
      [{ voices: [voice('voice_a', 'Ava', { similarityBoost: 1.1 })] }, 'voices', adminAppMessages.voiceRange],
      [{ voices: [voice('voice_a', 'Ava'), voice('voice_a', 'Again')] }, 'voices', adminAppMessages.voiceIdTaken],
      [{ minVersion: { talent: 'latest' } }, 'minVersion', adminAppMessages.version],
      [{ subscriptionPriceMinCents: 3_000 }, 'subscriptionPriceMinCents', subscriptionPriceMessages.minAboveMax],
      [{ subscriptionPriceMinCents: 0 }, 'subscriptionPriceMinCents', subscriptionPriceMessages.positive],
      [{ subscriptionPriceMaxCents: 4.995 }, 'subscriptionPriceMaxCents', subscriptionPriceMessages.wholeCents],
      [{ subscriptionPriceMaxCents: '' }, 'subscriptionPriceMaxCents', 'Required'],
      [{ subscriptionPriceMaxCents: 100_001 }, 'subscriptionPriceMaxCents', subscriptionPriceMessages.ceiling],
    ];
    for (const [changes, field, message] of cases) {
      const failure = await refusal(admin.client.admin.app.update.mutate({ ...settings, ...changes } as AdminAppUpdateInput));
      expect(failure.code, field).toBe('BAD_REQUEST');
      expect(failure.fieldErrors?.[field], JSON.stringify(changes)).toEqual([message]);
    }
    expect(await admin.client.admin.app.get.query()).toEqual(before);
  });
});

describe('voice samples', () => {
  it('are uploaded by admins as public mp3 files, served to anyone; other files are refused', async () => {
    const uploaded = await admin.client.files.upload.mutate({
      ownerId: 'app',
      ownerType: 'PUBLIC',
      purpose: 'voice-sample',
      file: fileInput(mp3, 'rachel.mp3', 'audio/mpeg'),
    });
    expect(uploaded).toMatchObject({ type: 'AUDIO', url: `/files/${uploaded.filePath}` });
    expect(uploaded.filePath).toMatch(/^public\/voice-sample\/[a-z0-9]{20}\.mp3$/);
    const served = await fetch(`${api.url}${uploaded.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('audio/mpeg');

    const saved = await admin.client.admin.app.update.mutate({
      ...settings,
      voices: [voice('voice_a', 'Ava', { sampleFilePath: uploaded.filePath })],
    });
    expect(saved.voices[0]?.sampleFilePath).toBe(uploaded.filePath);

    const notMp3 = await refusal(
      admin.client.files.upload.mutate({
        ownerId: 'app',
        ownerType: 'PUBLIC',
        purpose: 'voice-sample',
        file: fileInput(png(4, 4), 'sample.mp3', 'audio/mpeg'),
      }),
    );
    expect(notMp3.fieldErrors?.file).toEqual(['This file is not an MP3 audio file']);
    const byCreator = await refusal(
      creator.client.files.upload.mutate({
        ownerId: 'app',
        ownerType: 'PUBLIC',
        purpose: 'voice-sample',
        file: fileInput(mp3, 'rachel.mp3', 'audio/mpeg'),
      }),
    );
    expect(byCreator.code).toBe('FORBIDDEN');
  });
});

describe('access', () => {
  it('refuses creators and fans (FORBIDDEN) and signed-out callers (UNAUTHORIZED) on every app procedure', async () => {
    const before = await admin.client.admin.app.get.query();
    for (const caller of [creator, fan]) {
      expect((await refusal(caller.client.admin.app.get.query())).code).toBe('FORBIDDEN');
      expect((await refusal(caller.client.admin.app.update.mutate({ ...settings, voices: [] }))).code).toBe('FORBIDDEN');
      const limits = { ...settings, subscriptionPriceMinCents: 1, subscriptionPriceMaxCents: 100_000 };
      expect((await refusal(caller.client.admin.app.update.mutate(limits))).code).toBe('FORBIDDEN');
    }
    expect((await refusal(anonymous.client.admin.app.get.query())).code).toBe('UNAUTHORIZED');
    expect((await refusal(anonymous.client.admin.app.update.mutate({ ...settings, voices: [] }))).code).toBe('UNAUTHORIZED');
    expect(await admin.client.admin.app.get.query()).toEqual(before);
  });
});

describe('the demo settings', () => {
  let demo: Api;
  let demoAdmin: Caller;
  beforeAll(async () => {
    demo = await startApi();
    await seedDemoData(demo.database.db);
    const people = await seedPeople(demo);
    demoAdmin = await signIn(demo, people.admin.email as string);
  });
  afterAll(async () => {
    await demo?.close();
  });

  it('load with the seeded voices in order and save back unchanged', async () => {
    const loaded = await demoAdmin.client.admin.app.get.query();
    expect(loaded.voices.map((entry) => entry.name).slice(0, 3)).toEqual(['Rachel', 'Bella', 'Elli']);
    expect(loaded.referralRevenueShare).toBe(0.03);

    const { updatedAt: _, ...values } = loaded;
    const saved = await demoAdmin.client.admin.app.update.mutate(values);

    const { updatedAt: __, ...savedValues } = saved;
    expect(savedValues).toEqual(values);
  });
});
