// The audit log of the back-office over real HTTP: an admin's change records who made it, when,
// and each field before and after, in the change's own transaction (a refused change records
// nothing, an unchanged save records nothing); creates and deletes are recorded too; only admins
// read the log. The sweep at the end holds every admin mutation, whenever it was added, to
// declare the record it changes (so ctx.write records it) or why it changes none.
import type { AdminAppUpdateInput, AdminTalentUpdateFormInput } from '@doppel/validation';
import type { AnyProcedure } from '@trpc/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditedRecords } from '../src/audit/audited-records.ts';
import type { Access, Meta } from '../src/index.ts';
import { appRouter } from '../src/index.ts';
import { type Api, type Caller, createCaller, refusal, seedPeople, signIn, startApi } from './harness.ts';

let api: Api;
let people: Awaited<ReturnType<typeof seedPeople>>;
let admin: Caller;
let creator: Caller;
let fan: Caller;

beforeAll(async () => {
  api = await startApi();
  people = await seedPeople(api);
  admin = await signIn(api, people.admin.email as string);
  creator = await signIn(api, people.creatorA.email as string);
  fan = await signIn(api, people.fan.email as string);
});
afterAll(() => api?.close());

const appSettings: AdminAppUpdateInput = {
  chatPromptTemplate: 'You are {{name}}.\n{{facts}}',
  chatPromptTemplateForFaq: 'You are {{name}}. Answer from: {{faq}}',
  talentChatPromptTemplate: 'You are talking with {{name}} in person.',
  referralRevenueShare: 0.03,
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
  voices: [],
  minVersion: { talent: '1.0.0' },
  emptyChatMessageText: 'Say hi',
  subscriptionPriceMinCents: 499,
  subscriptionPriceMaxCents: 4_999,
};

type Entity = Parameters<Caller['client']['admin']['audit']['list']['query']>[0]['entity'];

async function historyOf(entity: Entity, entityId: string) {
  return (await admin.client.admin.audit.list.query({ entity, entityId })).items;
}

/** The stored rows, read with plain SQL rather than through the procedure under test. */
async function storedEntries(entity: string, entityId: string) {
  return api.database.sql<{ actor_user_id: string | null; action: string; procedure: string }[]>`
    select actor_user_id, action, procedure from admin_audit_entries where entity = ${entity} and entity_id = ${entityId}
    order by created_at desc, id desc`;
}

describe('the audit log of admin changes', () => {
  it('records who changed the App settings, when, and each field before and after; an unchanged save records nothing', async () => {
    // The first save fills the blank settings: one entry listing every field it set.
    await admin.client.admin.app.update.mutate(appSettings);
    const [firstSave] = await historyOf('app', 'app');
    expect(firstSave?.changes).toContainEqual({ field: 'chatPromptTemplate', before: '', after: appSettings.chatPromptTemplate });

    const startedAt = Date.now();
    await admin.client.admin.app.update.mutate({ ...appSettings, emptyChatMessageText: 'Say hello to your twin' });
    const finishedAt = Date.now();

    const [entry, ...older] = await historyOf('app', 'app');
    expect(older).toHaveLength(1);
    expect(entry?.actor).toEqual({ id: people.admin.id, email: people.admin.email, name: people.admin.name });
    expect(entry?.action).toBe('update');
    expect(entry?.procedure).toBe('admin.app.update');
    expect(entry?.changes).toEqual([
      { field: 'emptyChatMessageText', before: appSettings.emptyChatMessageText, after: 'Say hello to your twin' },
    ]);
    const at = Date.parse(entry?.createdAt as string);
    // The database's clock stamps the entry: within a second of the call either side.
    expect(at).toBeGreaterThanOrEqual(startedAt - 1000);
    expect(at).toBeLessThanOrEqual(finishedAt + 1000);

    await admin.client.admin.app.update.mutate({ ...appSettings, emptyChatMessageText: 'Say hello to your twin' });
    expect(await historyOf('app', 'app')).toHaveLength(2);
    expect(await storedEntries('app', 'app')).toEqual([
      { actor_user_id: people.admin.id, action: 'update', procedure: 'admin.app.update' },
      { actor_user_id: people.admin.id, action: 'update', procedure: 'admin.app.update' },
    ]);
  });

  it('shows the Crisis protocol card in the App History, newest first, under its own field names', async () => {
    await admin.client.admin.crisis.update.mutate({ replyText: 'We are here for you.', pauseHours: 12 });
    const [newest, older] = await historyOf('app', 'app');
    expect(newest?.actor?.id).toBe(people.admin.id);
    expect(newest?.procedure).toBe('admin.crisis.update');
    expect(newest?.changes).toEqual([
      { field: 'crisisProtocol.replyText', before: '', after: 'We are here for you.' },
      { field: 'crisisProtocol.pauseHours', before: 24, after: 12 },
    ]);
    expect(older?.procedure).toBe('admin.app.update');
  });

  it('records a user edit with the admin as actor, and a refused edit records nothing', async () => {
    const before = await admin.client.admin.users.get.query({ userId: people.fan.id });
    await admin.client.admin.users.update.mutate({
      id: people.fan.id,
      name: 'Renamed Fan',
      email: before.email ?? undefined,
      role: before.role,
      waitlistStatus: before.waitlistStatus,
      credits: before.credits + 25,
    });
    const [entry] = await historyOf('user', people.fan.id);
    expect(entry?.actor?.id).toBe(people.admin.id);
    expect(entry?.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: 'Fan', after: 'Renamed Fan' },
        { field: 'credits', before: before.credits, after: before.credits + 25 },
      ]),
    );

    const bad = await refusal(
      admin.client.admin.users.update.mutate({
        id: people.fan.id,
        email: 'not an email',
        role: 'USER',
        waitlistStatus: null,
        credits: 1,
      }),
    );
    expect(bad.code).toBe('BAD_REQUEST');
    expect(await storedEntries('user', people.fan.id)).toHaveLength(1);
  });

  it('records creates (before empty) and deletes (after empty) with the record id the create made', async () => {
    const { id: talentId } = await admin.client.admin.talents.create.mutate({ name: 'Audited Twin' });
    const [created] = await historyOf('talent', talentId);
    expect(created?.action).toBe('create');
    expect(created?.changes).toContainEqual({ field: 'name', before: null, after: 'Audited Twin' });

    await admin.client.admin.managers.invite.mutate({ talentId, email: 'new-manager@test.dev' });
    const [invited] = await historyOf('talent', talentId);
    expect(invited?.procedure).toBe('admin.managers.invite');
    expect(JSON.stringify(invited?.changes)).toContain('new-manager@test.dev');

    const { id: entryId } = await admin.client.admin.discover.create.mutate({ talentId });
    const entry = await admin.client.admin.discover.get.query({ id: entryId });
    await admin.client.admin.discover.update.mutate({ ...entry, name: 'Featured Twin' });
    await admin.client.admin.discover.delete.mutate({ id: entryId });
    const [deleted, updated, createdEntry] = await historyOf('discover', entryId);
    expect(createdEntry?.action).toBe('create');
    expect(updated?.changes).toContainEqual({ field: 'name', before: 'Audited Twin', after: 'Featured Twin' });
    expect(deleted?.action).toBe('delete');
    expect(deleted?.changes).toContainEqual({ field: 'name', before: 'Featured Twin', after: null });
  });

  it('records a talent settings save with the name before and after', async () => {
    const { id: talentId } = await admin.client.admin.talents.create.mutate({ name: 'Settings Twin' });
    const talent = await admin.client.admin.talents.get.query({ talentId });
    // The settings form's payload: the talent as read (the input drops what it does not take).
    await admin.client.admin.talents.update.mutate({
      ...talent,
      talentId,
      name: 'Settings Twin Renamed',
      tag: 'settings_twin',
      voiceId: talent.voice?.id ?? '',
      interests: talent.interests.map((interest) => interest.value),
      personalityTraits: talent.personalityTraits as AdminTalentUpdateFormInput['personalityTraits'],
      staticAttachments: [],
      initialChatMessages: [],
    });
    const [edit] = await historyOf('talent', talentId);
    expect(edit?.procedure).toBe('admin.talents.update');
    expect(edit?.changes).toEqual(
      expect.arrayContaining([
        { field: 'name', before: 'Settings Twin', after: 'Settings Twin Renamed' },
        { field: 'tag', before: null, after: 'settings_twin' },
      ]),
    );
  });

  it('records a broadcast scheduled and deleted, and a model created and renamed, under the ids their writes answer', async () => {
    const { broadcastId } = await admin.client.admin.broadcasts.schedule.mutate({
      talentId: people.talentA.id,
      chatMessageText: 'New photos are up!',
      pushNotificationHeadline: '',
      pushNotificationMessage: '',
      scheduledAt: new Date(Date.now() + 30 * 60_000).toISOString(),
    });
    await admin.client.admin.broadcasts.delete.mutate({ broadcastId });
    const [deleted, scheduled] = await historyOf('broadcast', broadcastId);
    expect(scheduled?.action).toBe('create');
    expect(scheduled?.changes).toContainEqual({ field: 'message', before: null, after: 'New photos are up!' });
    expect(deleted?.procedure).toBe('admin.broadcasts.delete');

    const { modelId } = await admin.client.admin.models.create.mutate({ name: 'Travel voice' });
    const model = await admin.client.admin.models.get.query({ modelId });
    await admin.client.admin.models.update.mutate({
      modelId,
      name: 'Travel voice v2',
      base: model.base,
      trainingExamplesText: '',
    });
    const [renamed, created] = await historyOf('model', modelId);
    expect(created?.action).toBe('create');
    expect(renamed?.changes).toContainEqual({ field: 'name', before: 'Travel voice', after: 'Travel voice v2' });
  });

  it('records a FAQ edit, its questions compared whole', async () => {
    const { id } = await admin.client.admin.faqs.create.mutate({ name: 'Shipping' });
    await admin.client.admin.faqs.update.mutate({ id, name: 'Shipping', items: [{ question: 'When?', answer: 'Soon.' }] });
    const [edit, create] = await historyOf('faq', id);
    expect(create?.action).toBe('create');
    expect(edit?.changes.map((change) => change.field)).toContain('items');
    expect(JSON.stringify(edit?.changes)).toContain('Soon.');
  });

  it('lets only admins read the log', async () => {
    const input = { entity: 'app' as const, entityId: 'app' };
    expect((await refusal(creator.client.admin.audit.list.query(input))).code).toBe('FORBIDDEN');
    expect((await refusal(fan.client.admin.audit.list.query(input))).code).toBe('FORBIDDEN');
    expect((await refusal(createCaller(api).client.admin.audit.list.query(input))).code).toBe('UNAUTHORIZED');
    expect((await refusal(admin.client.admin.audit.list.query({ entity: 'nothing' as Entity, entityId: 'x' }))).code).toBe(
      'BAD_REQUEST',
    );
  });
});

type ProcedureInfo = { path: string; type: string; meta: Meta | undefined };

/** Every procedure of the router by dotted path, as the access-tier sweep walks it. */
function listProcedures(record: Record<string, unknown>, prefix = ''): ProcedureInfo[] {
  return Object.entries(record).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    const def = (value as Partial<AnyProcedure>)._def as { type?: string; meta?: Meta } | undefined;
    if (def?.type) return [{ path, type: def.type, meta: def.meta }];
    return listProcedures(value as Record<string, unknown>, path);
  });
}

describe('audit sweep', () => {
  const adminTier: Access = 'admin';
  const adminMutations = listProcedures(appRouter._def.record as Record<string, unknown>).filter(
    (procedure) => procedure.type === 'mutation' && procedure.meta?.access === adminTier,
  );

  it('finds the admin mutations', () => {
    expect(adminMutations.length).toBeGreaterThan(10);
  });

  it('gives every admin mutation an audited record it knows how to read, or a reason it changes none', () => {
    const undeclared = adminMutations.filter((procedure) => !procedure.meta?.audit).map((procedure) => procedure.path);
    expect(undeclared, 'admin mutations without .meta({ audit: ... }): they would change records unrecorded').toEqual([]);
    for (const { path, meta } of adminMutations) {
      const audit = meta?.audit;
      if (audit && 'none' in audit)
        expect(audit.none.trim().length, `${path} must say why it records nothing`).toBeGreaterThan(10);
      else if (audit) {
        const record = auditedRecords[audit.record];
        expect(record, `${path} names an unknown record kind`).toBeDefined();
        expect(record.singletonId ?? audit.id, `${path} must say where its record id comes from`).toBeTruthy();
      }
    }
  });

  it('keeps the exemptions few and named: only mutations that change no record', () => {
    const exempt = adminMutations.filter((procedure) => procedure.meta?.audit && 'none' in procedure.meta.audit);
    expect(exempt.map((procedure) => procedure.path).sort()).toEqual(['admin.payouts.bankFile', 'admin.status.check']);
  });
});
