// Data rights over real HTTP (issue 27): "Download my data" makes an emailed ZIP of everything kept
// about the person that only they can fetch; "Delete my account" signs out every session, erases
// the person and keeps the money records adding up, and is refused while a payout is pending.
import { randomUUID } from 'node:crypto';
import {
  chatMessages,
  dataExports,
  devOutboxEmails,
  fanMemories,
  faqItems,
  faqs,
  payouts,
  products,
  publicTalents,
  seedDemoData,
  talentConfigs,
  talents,
  twinReports,
  users,
} from '@doppel/db';
import { deletedReporter, deletedTwinName, produceDataExport, removeExpiredDataExports } from '@doppel/domain/account';
import { settleTalentLedgers } from '@doppel/domain/payouts';
import { createDevOutboxMailer, createLocalDiskStorage } from '@doppel/integrations';
import { eq, sql } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTalent, runOfflineReply, startChatApi } from './chat-fixtures.ts';
import { type Api, type Caller, createCaller, refusal, signIn } from './harness.ts';

let api: Api;
let filesDir: string;
let twin: Awaited<ReturnType<typeof createTalent>>;
let packId: string;

const fanEmail = 'zelda.quimby@test.dev';
const fanName = 'Zelda Quimby';
const secretMessage = 'My pangolin Bartholomew snores like a kettle';

/** Runs the account.export job's work as the worker does, with this API's files and outbox. */
function runExportJob(exportId: string) {
  return produceDataExport(api.database.db, exportId, {
    storage: createLocalDiskStorage(filesDir),
    mailer: createDevOutboxMailer(api.database.db, () => {}),
    publicUrl: api.url,
  });
}

async function download(caller: Caller | null, path: string): Promise<Response> {
  const cookie = caller?.cookie();
  return fetch(`${api.url}${path}`, { headers: cookie ? { cookie } : {} });
}

async function unzip(response: Response): Promise<Record<string, string>> {
  const entries = unzipSync(new Uint8Array(await response.arrayBuffer()));
  return Object.fromEntries(Object.entries(entries).map(([name, bytes]) => [name, strFromU8(bytes)]));
}

async function newAccount(email: string, name: string): Promise<{ caller: Caller; id: string }> {
  const [user] = await api.database.db.insert(users).values({ email, name }).returning();
  if (!user) throw new Error('user seed failed');
  return { caller: await signIn(api, email), id: user.id };
}

/** A fan who bought credits in the sandbox, chatted (a paid message, answered) and is remembered. */
async function activeFan(email: string, name: string, message: string, memory: string) {
  const fan = await newAccount(email, name);
  const { chat } = await fan.caller.client.chat.open.mutate({ talentTag: twin.tag });
  const opened = await fan.caller.client.payments.checkout.mutate({
    productId: packId,
    talentId: twin.talent.id,
    returnPath: `/chat/${twin.tag}`,
  });
  await fan.caller.client.payments.completeSandboxCheckout.mutate({ checkoutId: opened.checkoutId });
  const sent = await fan.caller.client.chat.send.mutate({ chatId: chat.id, text: message, idempotencyKey: randomUUID() });
  await runOfflineReply(api, filesDir, { chatId: chat.id, messageId: sent.message.id });
  await api.database.db.insert(fanMemories).values({ userId: fan.id, talentId: twin.talent.id, kind: 'FACT', text: memory });
  return { ...fan, chatId: chat.id };
}

beforeAll(async () => {
  ({ api, filesDir } = await startChatApi());
  // The demo data: prompt templates for the replies, and a money history for the ledger check.
  await seedDemoData(api.database.db);
  const [pack] = await api.database.db
    .insert(products)
    .values({ name: '100 credits', priceType: 'ONE_TIME', credits: 100, priceAmount: 900 })
    .returning();
  if (!pack) throw new Error('product seed failed');
  packId = pack.id;
  twin = await createTalent(api);
});

afterAll(async () => {
  await api?.close();
});

describe('download my data', () => {
  it('makes a ZIP of the fan’s account, chats, memories and purchases, emailed and shown as ready', async () => {
    const fan = await activeFan(
      'exporter@test.dev',
      'Export Fan',
      'My cat Pumpernickel hates Mondays',
      'Has a cat named Pumpernickel',
    );
    const requested = await fan.caller.client.account.requestDataExport.mutate();
    expect(requested).toMatchObject({ status: 'REQUESTED', downloadUrl: null });
    expect(await refusal(fan.caller.client.account.requestDataExport.mutate())).toMatchObject({ code: 'CONFLICT' });

    expect(await runExportJob(requested.id)).toMatchObject({ status: 'READY' });
    // A retried job finds it done and leaves it alone.
    expect(await runExportJob(requested.id)).toMatchObject({ status: 'SKIPPED' });
    const [listed] = (await fan.caller.client.account.dataExports.query()).exports;
    expect(listed).toMatchObject({
      id: requested.id,
      status: 'READY',
      downloadUrl: `/account/data-exports/${requested.id}/download`,
    });

    const [mail] = await api.database.db
      .select()
      .from(devOutboxEmails)
      .where(eq(devOutboxEmails.to, 'exporter@test.dev'))
      .orderBy(sql`created_at desc`)
      .limit(1);
    expect(mail?.subject).toBe('Your Doppel data is ready');
    expect(mail?.link).toBe(`${api.url}/account/data-exports/${requested.id}/download`);

    const response = await download(fan.caller, new URL(mail?.link ?? '').pathname);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    const files = await unzip(response);
    expect(JSON.parse(files['account.json'] ?? 'null')).toMatchObject({ email: 'exporter@test.dev', name: 'Export Fan' });
    const exportedChats = JSON.parse(files['chats.json'] ?? '[]') as Array<{
      id: string;
      messages: Array<{ from: string; text: string }>;
    }>;
    expect(exportedChats.map((chat) => chat.id)).toEqual([fan.chatId]);
    expect(
      exportedChats[0]?.messages.some(
        (message) => message.from === 'USER' && message.text === 'My cat Pumpernickel hates Mondays',
      ),
    ).toBe(true);
    expect(exportedChats[0]?.messages.some((message) => message.from === 'TALENT')).toBe(true);
    expect(JSON.parse(files['memories.json'] ?? '[]')).toEqual([
      expect.objectContaining({ text: 'Has a cat named Pumpernickel' }),
    ]);
    const purchases = JSON.parse(files['purchases.json'] ?? '{}') as { payments: Array<{ amount: number; currency: string }> };
    expect(purchases.payments).toEqual([expect.objectContaining({ amount: 900, currency: 'USD' })]);
  });

  it('lets nobody but the owner fetch it: signed out, another fan and an admin get 404', async () => {
    const owner = await newAccount('owner@test.dev', 'Owner');
    const { id } = await owner.caller.client.account.requestDataExport.mutate();
    await runExportJob(id);
    const path = `/account/data-exports/${id}/download`;
    const stranger = await newAccount('stranger@test.dev', 'Stranger');
    await api.database.db.insert(users).values({ email: 'boss@test.dev', name: 'Boss', role: 'ADMIN' });
    const admin = await signIn(api, 'boss@test.dev');
    expect((await download(null, path)).status).toBe(404);
    expect((await download(stranger.caller, path)).status).toBe(404);
    expect((await download(admin, path)).status).toBe(404);
    expect((await download(owner.caller, path)).status).toBe(200);
    // Nor does anyone else's list show it.
    expect((await stranger.caller.client.account.dataExports.query()).exports).toEqual([]);
  });

  it('stops serving it once expired, and shows it as expired', async () => {
    const owner = await newAccount('late@test.dev', 'Late');
    const { id } = await owner.caller.client.account.requestDataExport.mutate();
    await runExportJob(id);
    await api.database.db
      .update(dataExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(dataExports.id, id));
    expect((await download(owner.caller, `/account/data-exports/${id}/download`)).status).toBe(404);
    expect((await owner.caller.client.account.dataExports.query()).exports[0]).toMatchObject({
      status: 'EXPIRED',
      downloadUrl: null,
    });
    // The expiry job deletes the file; the request still shows as expired.
    const [row] = await api.database.db.select().from(dataExports).where(eq(dataExports.id, id));
    const storage = createLocalDiskStorage(filesDir);
    expect(await storage.exists(row?.filePath ?? '')).toBe(true);
    expect(await removeExpiredDataExports(api.database.db, storage)).toBeGreaterThanOrEqual(1);
    expect(await storage.exists(row?.filePath ?? '')).toBe(false);
    expect((await owner.caller.client.account.dataExports.query()).exports[0]).toMatchObject({ status: 'EXPIRED' });
    // An expired one does not block a new request.
    expect(await owner.caller.client.account.requestDataExport.mutate()).toMatchObject({ status: 'REQUESTED' });
  });

  it('gives a creator their twin’s settings, knowledge, earnings and payouts too', async () => {
    const creator = await newAccount('maker@test.dev', 'Maker');
    const own = await createTalent(api, { managerIds: [creator.id] });
    const [faq] = await api.database.db.insert(faqs).values({ name: 'Maker FAQ', talentId: own.talent.id }).returning();
    if (!faq) throw new Error('faq seed failed');
    await api.database.db.insert(faqItems).values({ faqId: faq.id, position: 0, question: 'Favourite food?', answer: 'Ramen' });
    await api.database.db
      .update(talentConfigs)
      .set({ facts: ['Grew up by the sea'], faqId: faq.id, chatExamples: [{ requestText: 'hi', responseText: 'hey you' }] })
      .where(eq(talentConfigs.id, own.talent.id));
    await api.database.db
      .insert(payouts)
      .values({ talentId: own.talent.id, amount: 5000, transferType: 'PAYPAL', status: 'EXECUTED' });
    const { id } = await creator.caller.client.account.requestDataExport.mutate();
    await runExportJob(id);
    const files = await unzip(await download(creator.caller, `/account/data-exports/${id}/download`));
    const base = `twins/${own.talent.id}`;
    expect(JSON.parse(files[`${base}/settings.json`] ?? '{}')).toMatchObject({ twin: { id: own.talent.id, tag: own.tag } });
    expect(JSON.parse(files[`${base}/knowledge.json`] ?? '{}')).toMatchObject({
      facts: ['Grew up by the sea'],
      faq: [{ question: 'Favourite food?', answer: 'Ramen' }],
      chatExamples: [{ requestText: 'hi', responseText: 'hey you' }],
    });
    expect(JSON.parse(files[`${base}/payouts.json`] ?? '[]')).toEqual([
      expect.objectContaining({ amount: 5000, status: 'EXECUTED' }),
    ]);
    expect(JSON.parse(files[`${base}/earnings.json`] ?? '{}')).toHaveProperty('ledger');
  });
});

/** Every text, array and JSON column of every table, in every schema of ours, holding `needle`. */
async function tablesHolding(needle: string): Promise<string[]> {
  const columns = await api.database.db.execute<{ table_schema: string; table_name: string; column_name: string }>(sql`
    select c.table_schema, c.table_name, c.column_name
    from information_schema.columns c
    join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
    where c.table_schema not in ('pg_catalog', 'information_schema')
      and (c.data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY'))`);
  const found: string[] = [];
  for (const column of columns) {
    const rows = await api.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${sql.identifier(column.table_schema)}.${sql.identifier(column.table_name)} where ${sql.identifier(column.column_name)}::text ilike ${`%${needle}%`}`,
    );
    if ((rows[0]?.n ?? 0) > 0) found.push(`${column.table_schema}.${column.table_name}.${column.column_name}`);
  }
  return found;
}

describe('delete my account', () => {
  it('asks for the typed confirmation; anonymous fans have no account to delete', async () => {
    const fan = await newAccount('careful@test.dev', 'Careful');
    expect(await refusal(fan.caller.client.account.delete.mutate({ confirmation: 'delete me' }))).toMatchObject({
      code: 'BAD_REQUEST',
      fieldErrors: { confirmation: ['Type DELETE to confirm'] },
    });
    expect(await fan.caller.client.auth.me.query()).toMatchObject({ email: 'careful@test.dev' });
    const anonymous = createCaller(api);
    await anonymous.client.chat.open.mutate({ talentTag: twin.tag });
    expect(await refusal(anonymous.client.account.delete.mutate({ confirmation: 'DELETE' }))).toMatchObject({
      code: 'FORBIDDEN',
    });
  });

  it('is refused with the reason while a payout is pending, and nothing changes', async () => {
    const creator = await newAccount('waiting@test.dev', 'Waiting Creator');
    const own = await createTalent(api, { managerIds: [creator.id] });
    await api.database.db.insert(payouts).values({ talentId: own.talent.id, amount: 2500, transferType: 'PAYPAL' });
    expect(await refusal(creator.caller.client.account.delete.mutate({ confirmation: 'DELETE' }))).toMatchObject({
      code: 'CONFLICT',
      message: 'A payout of yours is still pending. Your account can be deleted once it has been paid or rejected.',
    });
    expect(await creator.caller.client.auth.me.query()).toMatchObject({ email: 'waiting@test.dev' });
    const [still] = await api.database.db.select().from(talents).where(eq(talents.id, own.talent.id));
    expect(still?.tag).toBe(own.tag);
  });

  it('signs out every session and leaves no email, name or message behind; the ledger check still passes', async () => {
    const fan = await activeFan(fanEmail, fanName, secretMessage, 'Has a pangolin named Bartholomew');
    const otherBrowser = await signIn(api, fanEmail);
    const { id: exportId } = await fan.caller.client.account.requestDataExport.mutate();
    await runExportJob(exportId);
    // Outside the rows the account's foreign keys reach: a report the fan filed, and an admin's edit
    // of their account in the audit log (its before and after hold their name and email).
    await fan.caller.client.reports.submit.mutate({
      talentTag: twin.tag,
      reason: 'OTHER',
      description: 'This twin answers in a way that worries me.',
      email: fanEmail,
    });
    const admin = await newAccount('audit-admin@test.dev', 'Audit Admin');
    await api.database.db.update(users).set({ role: 'ADMIN' }).where(eq(users.id, admin.id));
    const before = await admin.caller.client.admin.users.get.query({ userId: fan.id });
    await admin.caller.client.admin.users.update.mutate({
      id: fan.id,
      name: `${fanName} (VIP)`,
      email: fanEmail,
      role: before.role,
      waitlistStatus: before.waitlistStatus,
      credits: before.credits,
    });
    expect(await tablesHolding(fanEmail)).toContain('public.twin_reports.reporter_email');
    expect(await tablesHolding(fanName)).toContain('public.admin_audit_entries.changes');
    // Before: the scan finds them, so it can find them.
    expect(await tablesHolding(secretMessage)).toContain('public.chat_messages.text');
    expect(await tablesHolding(fanEmail)).toContain('public.users.email');

    expect(await fan.caller.client.account.delete.mutate({ confirmation: 'DELETE' })).toEqual({ deleted: true });
    // Both browsers are signed out: no one is signed in, and account calls are refused.
    expect(await fan.caller.client.auth.me.query()).toBeNull();
    expect(await otherBrowser.client.auth.me.query()).toBeNull();
    expect(await refusal(otherBrowser.client.account.dataExports.query())).toMatchObject({ code: 'UNAUTHORIZED' });
    expect((await download(otherBrowser, `/account/data-exports/${exportId}/download`)).status).toBe(404);

    expect(await tablesHolding(fanEmail)).toEqual([]);
    expect(await tablesHolding(fanName)).toEqual([]);
    expect(await tablesHolding(secretMessage)).toEqual([]);
    expect(await tablesHolding('Bartholomew')).toEqual([]);
    const [left] = await api.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(chatMessages)
      .where(eq(chatMessages.chatId, fan.chatId));
    expect(left?.n).toBe(0);
    // The report stays for the admins' review, from a reporter who is no longer known.
    const [filed] = await api.database.db.select().from(twinReports).where(eq(twinReports.talentId, twin.talent.id));
    expect(filed).toMatchObject({ reporterEmail: deletedReporter, reporterUserId: null, reporterAddressHash: null });

    const report = await settleTalentLedgers(api.database.db, { repair: false });
    expect(report.frameDrifts).toEqual([]);
    expect(report.heldDrifts).toEqual([]);
    expect(report.paymentDrifts).toEqual([]);
    // The money stays, with no reference to the person.
    const [payment] = await api.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from payments where user_id is null and price_amount = 900`,
    );
    expect(payment?.n).toBeGreaterThan(0);
  });

  it('takes a creator’s twin down from fans', async () => {
    const creator = await newAccount('leaving@test.dev', 'Leaving Creator');
    const own = await createTalent(api, { managerIds: [creator.id] });
    await api.database.db.insert(publicTalents).values({ id: own.talent.id, name: own.talent.name });
    await creator.caller.client.account.delete.mutate({ confirmation: 'DELETE' });
    const [gone] = await api.database.db.select().from(talents).where(eq(talents.id, own.talent.id));
    expect(gone).toMatchObject({ name: deletedTwinName, tag: null, profilePictureUrl: null });
    expect(await api.database.db.select().from(publicTalents).where(eq(publicTalents.id, own.talent.id))).toEqual([]);
    const fan = createCaller(api);
    expect(await refusal(fan.client.chat.open.mutate({ talentTag: own.tag }))).toMatchObject({ code: 'NOT_FOUND' });
  });
});
