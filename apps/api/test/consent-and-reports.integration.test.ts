// Consent and take-down (docs/safety.md) over real HTTP: the creator's consent confirmation (only for
// their own twin, required by onboarding and before publishing on Discover, shown and filtered in
// admin Talents), the public Report a twin form (emails, limits), and the admin Reports queue (only
// admins; hiding a twin from fans' discover and chat; closing with a note that the reporter is emailed).
import { devOutboxEmails, publicTalents, talentConfigs, talents, twinReports } from '@doppel/db';
import {
  consentMissingForPublishMessage,
  hiddenTwinMessage,
  tooManyReportsMessage,
  twinReportLimits,
} from '@doppel/domain/reports';
import { consentRequiredMessage } from '@doppel/validation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, type Caller, createCaller, refusal, seedPeople, signIn, startApi } from './harness.ts';

let api: Api;
let admin: Caller;
let creatorA: Caller;
let fan: Caller;
let people: Awaited<ReturnType<typeof seedPeople>>;

const hiddenSurfaces = { discoverFeed: false, discoverInReview: false, homepage1: false, homepage2: false };

beforeAll(async () => {
  api = await startApi({ env: { TRUST_PROXY: '127.0.0.1' } });
  people = await seedPeople(api);
  // Configs, as onboarding makes them: the chats sort and the chat engine read them.
  await api.database.db.insert(talentConfigs).values([{ id: people.talentA.id }, { id: people.talentB.id }]);
  [admin, creatorA, fan] = await Promise.all([
    signIn(api, people.admin.email as string),
    signIn(api, people.creatorA.email as string),
    signIn(api, people.fan.email as string),
  ]);
});
afterAll(() => api?.close());

const outboxFor = (email: string) => api.database.db.select().from(devOutboxEmails).where(eq(devOutboxEmails.to, email));

describe('consent', () => {
  it('lets a creator confirm consent for their own twin only, keeping the time and the account', async () => {
    expect(await creatorA.client.talent.consent.get.query({ talentId: people.talentA.id })).toEqual({
      confirmedAt: null,
      confirmedBy: null,
    });
    const unticked = await refusal(
      creatorA.client.talent.consent.confirm.mutate({ talentId: people.talentA.id, confirmed: false as true }),
    );
    expect(unticked).toMatchObject({ code: 'BAD_REQUEST', message: consentRequiredMessage });
    // Another creator's twin, a fan and a visitor are refused; nothing is stored.
    for (const caller of [creatorA, fan]) {
      const refused = await refusal(
        caller.client.talent.consent.confirm.mutate({ talentId: people.talentB.id, confirmed: true }),
      );
      expect(refused.code).toBe('FORBIDDEN');
    }
    const visitor = createCaller(api);
    expect(
      (await refusal(visitor.client.talent.consent.confirm.mutate({ talentId: people.talentB.id, confirmed: true }))).code,
    ).toBe('UNAUTHORIZED');
    const [b] = await api.database.db.select().from(talents).where(eq(talents.id, people.talentB.id));
    expect(b?.consentConfirmedAt).toBeNull();

    const before = Date.now();
    const confirmed = await creatorA.client.talent.consent.confirm.mutate({ talentId: people.talentA.id, confirmed: true });
    expect(confirmed.confirmedBy).toBe('creator-a@test.dev');
    expect(Date.parse(confirmed.confirmedAt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    const [a] = await api.database.db.select().from(talents).where(eq(talents.id, people.talentA.id));
    expect(a?.consentConfirmedByUserId).toBe(people.creatorA.id);
    // A repeat keeps the first confirmation.
    const again = await creatorA.client.talent.consent.confirm.mutate({ talentId: people.talentA.id, confirmed: true });
    expect(again).toEqual(confirmed);
  });

  it('shows admins the confirmation on the talent and filters talents without it', async () => {
    const detailA = await admin.client.admin.talents.get.query({ talentId: people.talentA.id });
    expect(detailA.consent.confirmedBy).toBe('creator-a@test.dev');
    const detailB = await admin.client.admin.talents.get.query({ talentId: people.talentB.id });
    expect(detailB.consent).toEqual({ confirmedAt: null, confirmedBy: null });

    for (const sort of ['chats', 'createdAt'] as const) {
      const missing = await admin.client.admin.talents.list.query({ sort, consent: 'missing' });
      expect(missing.items.map((item) => item.id)).toEqual([people.talentB.id]);
      const all = await admin.client.admin.talents.list.query({ sort });
      expect(all.items.map((item) => item.id).sort()).toEqual([people.talentA.id, people.talentB.id].sort());
    }
  });

  it('refuses to publish a twin on Discover without consent', async () => {
    await admin.client.admin.discover.create.mutate({ talentId: people.talentB.id });
    const refused = await refusal(
      admin.client.admin.discover.update.mutate({
        id: people.talentB.id,
        name: 'Talent B',
        order: 1,
        isVisibleRecord: { ...hiddenSurfaces, discoverFeed: true },
      }),
    );
    expect(refused).toMatchObject({ code: 'BAD_REQUEST', message: consentMissingForPublishMessage });
    const [entry] = await api.database.db.select().from(publicTalents).where(eq(publicTalents.id, people.talentB.id));
    expect(entry?.isVisibleRecord).toEqual({});
    // Saving it hidden is fine: only publishing needs the consent.
    await admin.client.admin.discover.update.mutate({
      id: people.talentB.id,
      name: 'Talent B',
      order: 1,
      isVisibleRecord: hiddenSurfaces,
    });

    await admin.client.admin.discover.create.mutate({ talentId: people.talentA.id });
    await admin.client.admin.discover.update.mutate({
      id: people.talentA.id,
      name: 'Talent A',
      order: 2,
      isVisibleRecord: { ...hiddenSurfaces, discoverFeed: true },
    });
    const feed = await createCaller(api).client.discover.list.query();
    expect(feed.map((twin) => twin.tag)).toEqual(['talent_a']);
  });
});

describe('reports', () => {
  let reportId: string;

  it('stores a report from a visitor, OPEN, and emails the reporter that it arrived', async () => {
    const visitor = createCaller(api, { forwardedFor: '203.0.113.1' });
    const bad = await refusal(
      visitor.client.reports.submit.mutate({ talentTag: 'talent_a', reason: 'OTHER', description: 'short', email: 'nope' }),
    );
    expect(bad.code).toBe('BAD_REQUEST');
    expect(bad.fieldErrors).toMatchObject({ email: ['Please enter a valid email address'] });
    const unknown = await refusal(
      visitor.client.reports.submit.mutate({
        talentTag: 'nobody',
        reason: 'OTHER',
        description: 'This twin pretends to be me.',
        email: 'reporter@test.dev',
      }),
    );
    expect(unknown).toMatchObject({ code: 'BAD_REQUEST', fieldErrors: { talentTag: ['There is no twin with this handle.'] } });
    expect(await api.database.db.select().from(twinReports)).toEqual([]);

    const { id } = await visitor.client.reports.submit.mutate({
      talentTag: '@Talent_A',
      reason: 'IMPERSONATION',
      description: '  This twin uses my face without asking.  ',
      email: ' Reporter@Test.dev ',
    });
    reportId = id;
    const [row] = await api.database.db.select().from(twinReports).where(eq(twinReports.id, id));
    expect(row).toMatchObject({
      talentId: people.talentA.id,
      reason: 'IMPERSONATION',
      description: 'This twin uses my face without asking.',
      reporterEmail: 'reporter@test.dev',
      reporterUserId: null,
      status: 'OPEN',
    });
    const mails = await outboxFor('reporter@test.dev');
    expect(mails.map((mail) => mail.subject)).toEqual(['We received your report about Talent A']);
  });

  it('keeps the signed-in account of a reporter', async () => {
    const { id } = await fan.client.reports.submit.mutate({
      talentTag: 'talent_b',
      reason: 'HARMFUL_CONTENT',
      description: 'It said something hurtful to me.',
      email: 'fan@test.dev',
    });
    const [row] = await api.database.db.select().from(twinReports).where(eq(twinReports.id, id));
    expect(row?.reporterUserId).toBe(people.fan.id);
  });

  it('limits reports per email and per address', async () => {
    const report = (caller: Caller, email: string) =>
      caller.client.reports.submit.mutate({ talentTag: 'talent_b', reason: 'OTHER', description: 'Spam spam spam spam.', email });
    const one = createCaller(api, { forwardedFor: '198.51.100.7' });
    for (let i = 0; i < twinReportLimits.perEmail; i++) await report(one, 'flood@test.dev');
    expect(await refusal(report(one, 'flood@test.dev'))).toMatchObject({
      code: 'TOO_MANY_REQUESTS',
      message: tooManyReportsMessage,
    });
    for (let i = twinReportLimits.perEmail; i < twinReportLimits.perAddress; i++) await report(one, `other-${i}@test.dev`);
    expect(await refusal(report(one, 'fresh@test.dev'))).toMatchObject({ code: 'TOO_MANY_REQUESTS' });
    // Another address is not held back by this one.
    await report(createCaller(api, { forwardedFor: '198.51.100.8' }), 'fresh@test.dev');
    const flood = await api.database.db.select().from(twinReports).where(eq(twinReports.reporterEmail, 'flood@test.dev'));
    expect(flood).toHaveLength(twinReportLimits.perEmail);
  });

  it('shows the queue to admins only', async () => {
    for (const caller of [creatorA, fan, createCaller(api)]) {
      const codes = [
        (await refusal(caller.client.admin.reports.list.query({}))).code,
        (await refusal(caller.client.admin.reports.get.query({ reportId }))).code,
        (await refusal(caller.client.admin.reports.hide.mutate({ reportId, hidden: true }))).code,
        (await refusal(caller.client.admin.reports.close.mutate({ reportId, note: 'x' }))).code,
      ];
      expect(codes.every((code) => code === 'FORBIDDEN' || code === 'UNAUTHORIZED')).toBe(true);
    }
    const open = await admin.client.admin.reports.list.query({});
    expect(open.items[open.items.length - 1]).toMatchObject({
      id: reportId,
      reason: 'IMPERSONATION',
      status: 'OPEN',
      talent: { id: people.talentA.id, hiddenFromFansAt: null },
    });
    // Newest first, by an independent ORDER BY.
    const expected = await api.database.sql<{ id: string }[]>`
      select id from twin_reports where status = 'OPEN' order by created_at desc, id desc`;
    expect(open.items.map((item) => item.id)).toEqual(expected.map((row) => row.id));
  });

  it('hides a reported twin from fans on discover and in chat, but not from its creator', async () => {
    const opened = await fan.client.chat.open.mutate({ talentTag: 'talent_a' });
    const hidden = await admin.client.admin.reports.hide.mutate({ reportId, hidden: true });
    expect(hidden.talent.hiddenFromFansAt).not.toBeNull();

    expect(await createCaller(api).client.discover.list.query()).toEqual([]);
    expect(await refusal(fan.client.chat.open.mutate({ talentTag: 'talent_a' }))).toEqual({
      code: 'FORBIDDEN',
      message: hiddenTwinMessage,
      fieldErrors: undefined,
    });
    expect(await refusal(createCaller(api).client.chat.open.mutate({ talentTag: 'talent_a' }))).toMatchObject({
      message: hiddenTwinMessage,
    });
    const send = await refusal(
      fan.client.chat.send.mutate({ chatId: opened.chat.id, text: 'Hello?', idempotencyKey: crypto.randomUUID() }),
    );
    expect(send).toMatchObject({ code: 'FORBIDDEN', message: hiddenTwinMessage });
    // The creator still reaches the twin (to fix it), and so do admins.
    expect((await creatorA.client.chat.open.mutate({ talentTag: 'talent_a' })).talent.id).toBe(people.talentA.id);
    expect((await admin.client.admin.talents.get.query({ talentId: people.talentA.id })).hiddenFromFansAt).not.toBeNull();

    await admin.client.admin.reports.hide.mutate({ reportId, hidden: false });
    expect((await fan.client.chat.open.mutate({ talentTag: 'talent_a' })).chat.id).toBe(opened.chat.id);
    expect((await createCaller(api).client.discover.list.query()).map((twin) => twin.tag)).toEqual(['talent_a']);
  });

  it('closes a report with a note, once, and emails the reporter', async () => {
    expect((await refusal(admin.client.admin.reports.close.mutate({ reportId, note: '   ' }))).fieldErrors).toMatchObject({
      note: ['Write a note for the reporter'],
    });
    const closed = await admin.client.admin.reports.close.mutate({ reportId, note: 'We removed the pictures.' });
    expect(closed.email).toBe('sent');
    expect(closed.report).toMatchObject({
      status: 'CLOSED',
      closingNote: 'We removed the pictures.',
      closedBy: 'admin@test.dev',
    });
    const mails = await outboxFor('reporter@test.dev');
    const closing = mails.find((mail) => mail.subject === 'Your report about Talent A was reviewed');
    expect(closing?.text).toContain('We removed the pictures.');
    expect(await refusal(admin.client.admin.reports.close.mutate({ reportId, note: 'Again' }))).toMatchObject({
      code: 'CONFLICT',
    });
    expect(await outboxFor('reporter@test.dev')).toHaveLength(2);

    const closedList = await admin.client.admin.reports.list.query({ status: 'CLOSED' });
    expect(closedList.items.map((item) => item.id)).toEqual([reportId]);
    expect((await admin.client.admin.reports.list.query({})).items.some((item) => item.id === reportId)).toBe(false);
    expect(await refusal(admin.client.admin.reports.get.query({ reportId: 'missing' }))).toMatchObject({ code: 'NOT_FOUND' });
  });
});
