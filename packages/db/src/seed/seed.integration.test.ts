/// <reference path="../../../../scripts/test-setup/provided-context.d.ts" />
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import {
  appConfigs,
  apps,
  broadcasts,
  chatMessages,
  chatPrompts,
  chats,
  earningFrames,
  faqItems,
  faqs,
  invitations,
  metricFrames,
  models,
  modelVersions,
  paymentLedger,
  payments,
  payouts,
  products,
  publicTalents,
  staticAttachments,
  talentConfigs,
  talentDrafts,
  talentLedger,
  talentManagers,
  talents,
  users,
  voices,
} from '../schema/index.ts';
import { demoAccounts, seedDemoData } from './index.ts';

const now = new Date('2025-03-18T15:30:00Z');
let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
});
afterAll(async () => {
  await database?.drop();
});

const amountColumns = ['Total', 'SendMessage', 'UnlockImage', 'UnlockAudio', 'Referral', 'Subscription'] as const;
type Frame = typeof earningFrames.$inferSelect;
const amountsOf = (frame: Frame) => amountColumns.flatMap((name) => [frame[`gross${name}`], frame[`net${name}`]]);

describe('seedDemoData', () => {
  it('seeds a fresh database and is a no-op the second time', async () => {
    expect(await seedDemoData(database.db, { now })).toEqual({ seeded: true });
    const [before] = await database.db.select({ n: count() }).from(chatMessages);
    expect(await seedDemoData(database.db, { now })).toEqual({ seeded: false });
    const [after] = await database.db.select({ n: count() }).from(chatMessages);
    expect(after?.n).toBe(before?.n);
    const [admins] = await database.db.select({ n: count() }).from(users).where(eq(users.email, 'admin@doppel.dev'));
    expect(admins?.n).toBe(1);
  });

  it('creates every demo account with its role, and the managers of Mia', async () => {
    const db = database.db;
    for (const account of demoAccounts) {
      const [user] = await db.select().from(users).where(eq(users.email, account.email));
      expect(user, account.email).toBeDefined();
      expect(user?.role).toBe(account.role);
    }
    const [admin] = await db.select().from(users).where(eq(users.email, 'admin@doppel.dev'));
    expect(admin?.name).toBe('Ada Admin');
    const [creator] = await db.select().from(users).where(eq(users.email, 'creator@doppel.dev'));
    expect(creator?.waitlistStatus).toBe('ACCEPTED');
    const [mia] = await db.select().from(talents).where(sql`lower(${talents.tag}) = 'mia'`);
    expect(mia?.name).toBe('Mia Moreno');
    const managers = await db
      .select({ userId: talentManagers.userId })
      .from(talentManagers)
      .where(eq(talentManagers.talentId, mia?.id ?? ''));
    expect(managers.map((row) => row.userId).sort()).toEqual([admin?.id, creator?.id].sort());
    const statuses = await db.select({ status: users.waitlistStatus, n: count() }).from(users).groupBy(users.waitlistStatus);
    for (const status of ['PENDING', 'REJECTED', 'ACCEPTED'])
      expect(statuses.find((row) => row.status === status)?.n).toBeGreaterThan(0);
    const fans = await db.select().from(users).where(sql`${users.email} like 'fan%@doppel.dev'`);
    expect(fans).toHaveLength(5);
    expect(fans.every((fan) => fan.credits + fan.paidCredits > 0)).toBe(true);
  });

  it('gives Mia a complete twin and Leo a referral from Mia', async () => {
    const db = database.db;
    const result = await db.query.talents.findFirst({
      where: eq(talents.tag, 'mia'),
      with: { config: true, staticAttachments: true, managers: true, publicTalent: true },
    });
    expect(result?.config?.voice?.name).toBe('Rachel');
    expect(result?.config?.facts.length).toBeGreaterThan(3);
    expect(result?.config?.chatExamples.length).toBeGreaterThan(3);
    expect(result?.config?.faqId).not.toBeNull();
    expect(result?.staticAttachments.length).toBeGreaterThanOrEqual(4);
    expect(result?.staticAttachments.every((image) => image.context.length >= 3 && (image.width ?? 0) > 0)).toBe(true);
    expect(result?.initialChatMessages.length).toBeGreaterThan(0);
    expect(result?.chatMessageSuggestions.length).toBeGreaterThan(0);
    expect(result?.publicTalent?.order).toBe(1);
    const [leo] = await db
      .select()
      .from(talentConfigs)
      .innerJoin(talents, eq(talents.id, talentConfigs.id))
      .where(eq(talents.tag, 'leo'));
    expect(leo?.talent_configs.referralTalentId).toBe(result?.id);
    const [draft] = await db
      .select()
      .from(talentDrafts)
      .where(eq(talentDrafts.talentId, leo?.talents.id ?? ''));
    expect(draft?.referralTalentId).toBe(result?.id);
  });

  it('fills every back-office list', async () => {
    const db = database.db;
    const counts = (table: Parameters<typeof db.$count>[0]) => db.$count(table);
    expect(await counts(voices)).toBeGreaterThanOrEqual(6);
    expect(await counts(apps)).toBe(1);
    expect(await counts(appConfigs)).toBe(1);
    expect(await counts(chats)).toBeGreaterThanOrEqual(8);
    expect(await counts(invitations)).toBeGreaterThan(0);
    expect(await counts(products)).toBeGreaterThan(0);
    expect(await counts(publicTalents)).toBe(2);
    const [config] = await db.select().from(appConfigs);
    expect(config?.minVersion.talent).toBe('0.1.0');
    expect(config?.functionSchemaConfig.generateImageAttachment.name).toMatch(/^[A-Za-z_]+$/);
    expect(config?.chatPromptTemplate).toContain('{{name}}');

    const voiceGenders = await db.selectDistinct({ gender: voices.gender }).from(voices);
    expect(voiceGenders).toHaveLength(3);
    const payoutStatuses = await db.selectDistinct({ status: payouts.status }).from(payouts);
    expect(payoutStatuses).toHaveLength(4);
    const rejected = await db.select().from(payouts).where(sql`${payouts.status} in ('REJECTED', 'FAILED')`);
    expect(rejected.every((payout) => payout.rejectionReason)).toBe(true);
    const priceTypes = await db.selectDistinct({ type: payments.productPriceType }).from(payments);
    expect(priceTypes).toHaveLength(4);
    const sandbox = await db.select().from(payments).where(eq(payments.isSandbox, true));
    expect(sandbox.length).toBeGreaterThan(0);
    const broadcastStatuses = await db.selectDistinct({ status: broadcasts.status }).from(broadcasts);
    expect(broadcastStatuses.map((row) => row.status).sort()).toEqual(['COMPLETED', 'DELETED', 'SCHEDULED']);
    const versionStatuses = await db.selectDistinct({ status: modelVersions.status }).from(modelVersions);
    expect(versionStatuses).toHaveLength(4);
    const failed = await db.select().from(modelVersions).where(eq(modelVersions.status, 'FAILED'));
    expect(failed[0]?.errorMessage).toBeTruthy();
    const [model] = await db.select().from(models).where(isNotNull(models.defaultVersionId));
    expect(model?.trainingExamples.length).toBeGreaterThanOrEqual(20);
    const [defaultVersion] = await db
      .select()
      .from(modelVersions)
      .where(eq(modelVersions.id, model?.defaultVersionId ?? ''));
    expect(defaultVersion?.status).toBe('SUCCEEDED');
    const globalFaqs = await db.select().from(faqs).where(sql`${faqs.talentId} is null`).orderBy(asc(faqs.name));
    expect(globalFaqs.length).toBeGreaterThan(0);
    const talentFaqItems = await db
      .select()
      .from(faqItems)
      .innerJoin(faqs, eq(faqs.id, faqItems.faqId))
      .where(isNotNull(faqs.talentId));
    expect(talentFaqItems.length).toBeGreaterThan(0);
    expect(await counts(staticAttachments)).toBeGreaterThanOrEqual(4);
  });

  it('keeps chats consistent: counts, alternation, reactions and one prompt per AI reply', async () => {
    const db = database.db;
    const allChats = await db.select().from(chats);
    for (const chat of allChats) {
      const messages = await db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.chatId, chat.id))
        .orderBy(asc(chatMessages.createdAt));
      expect(messages).toHaveLength(chat.chatMessageCount);
      expect(chat.updatedAt.getTime()).toBe(messages.at(-1)?.createdAt.getTime());
      expect(chat.hasUserInteraction).toBe(messages.some((message) => message.senderType === 'USER'));
      for (const message of messages.filter((entry) => entry.replyToMessageId)) {
        const question = messages.find((entry) => entry.id === message.replyToMessageId);
        expect(question?.senderType).toBe('USER');
        expect(message.senderType).toBe('TALENT');
      }
    }
    const replies = await db.select({ n: count() }).from(chatMessages).where(isNotNull(chatMessages.replyToMessageId));
    const prompts = await db
      .select({ n: count() })
      .from(chatPrompts)
      .innerJoin(chatMessages, eq(chatMessages.id, chatPrompts.id));
    expect(prompts[0]?.n).toBe(replies[0]?.n);
    const reacted = await db.select().from(chatMessages).where(isNotNull(chatMessages.reaction));
    expect(new Set(reacted.map((message) => message.reaction))).toEqual(new Set(['THUMBS_UP', 'THUMBS_DOWN']));
    expect(reacted.some((message) => message.reactionFeedback)).toBe(true);
    const [prompt] = await db.select().from(chatPrompts).where(sql`jsonb_array_length(${chatPrompts.faqItems}) > 0`);
    expect(prompt?.messages[0]?.type).toBe('SYSTEM');
    expect(prompt?.tokenUsage?.totalTokens).toBe(
      (prompt?.tokenUsage?.promptTokens ?? 0) + (prompt?.tokenUsage?.completionTokens ?? 0),
    );
    const filtered = await db.select({ n: count() }).from(chats).where(eq(chats.hasUserInteractionWithManager, true));
    expect(filtered[0]?.n).toBeGreaterThan(0);
    const configs = await db.select().from(talentConfigs);
    for (const config of configs) {
      const [row] = await db.select({ n: count() }).from(chats).where(eq(chats.talentId, config.id));
      expect(config.chatCount).toBe(row?.n);
    }
  });

  it('keeps earning frames exact: days sum to months, months to the total, net is 60 % of gross', async () => {
    const db = database.db;
    const configs = await db.select().from(talentConfigs);
    for (const config of configs) {
      const frames = await db.select().from(earningFrames).where(eq(earningFrames.talentId, config.id));
      const total = frames.filter((frame) => frame.range === 'TOTAL');
      expect(total).toHaveLength(1);
      const months = frames.filter((frame) => frame.range === 'MONTH');
      const days = frames.filter((frame) => frame.range === 'DAY');
      for (const frame of frames) {
        for (const name of amountColumns) {
          expect(frame[`net${name}`] * 1_000_000, `${frame.key} ${name}`).toBe(frame[`gross${name}`] * config.revenueSharePpm);
          expect(Number.isInteger(frame[`gross${name}`])).toBe(true);
        }
        const sources = amountColumns.slice(1);
        expect(frame.grossTotal).toBe(sources.reduce((sum, name) => sum + frame[`gross${name}`], 0));
        expect(frame.netTotal).toBe(sources.reduce((sum, name) => sum + frame[`net${name}`], 0));
      }
      for (const month of months) {
        expect(month.key).toMatch(/^\d{4}-\d{2}$/);
        expect(month.parentKey).toBe('total');
        const children = days.filter((day) => day.parentKey === month.key);
        expect(children.length).toBeGreaterThan(0);
        for (const day of children) expect(day.key.startsWith(month.key)).toBe(true);
        const summed = children.map(amountsOf).reduce((sum, row) => sum.map((value, index) => value + (row[index] ?? 0)));
        expect(amountsOf(month)).toEqual(summed);
      }
      const summedMonths = months.map(amountsOf).reduce((sum, row) => sum.map((value, index) => value + (row[index] ?? 0)));
      expect(amountsOf(total[0] as Frame)).toEqual(summedMonths);
      // Payouts never exceed net earnings (net micro-USD vs payout cents).
      expect((total[0]?.netTotal ?? 0) / 10_000).toBeGreaterThanOrEqual(config.totalPayoutAmount);
      const counted = await db
        .select({ sum: sql<string>`coalesce(sum(${payouts.amount}), 0)` })
        .from(payouts)
        .where(and(eq(payouts.talentId, config.id), sql`${payouts.status} in ('PENDING', 'EXECUTED')`));
      expect(Number(counted[0]?.sum)).toBe(config.totalPayoutAmount);
    }
    const [mia] = await db.select().from(talents).where(eq(talents.tag, 'mia'));
    const miaMonths = await db
      .select()
      .from(earningFrames)
      .where(and(eq(earningFrames.talentId, mia?.id ?? ''), eq(earningFrames.range, 'MONTH')));
    expect(miaMonths.map((frame) => frame.key).sort()).toEqual(['2025-01', '2025-02', '2025-03']);
    const miaDays = await db
      .select({ n: count() })
      .from(earningFrames)
      .where(and(eq(earningFrames.talentId, mia?.id ?? ''), eq(earningFrames.range, 'DAY')));
    expect(miaDays[0]?.n).toBe(31 + 28 + 18);
    const [metrics] = await db
      .select()
      .from(metricFrames)
      .where(eq(metricFrames.talentId, mia?.id ?? ''));
    expect(metrics?.id).toBe('total');
    expect(metrics?.chatWithAuthenticationCount).toBeGreaterThan(0);
  });

  it("books each seeded payment's earnings in the talent ledger and its day's frame, as a real payment does", async () => {
    const db = database.db;
    const earning = await db
      .select()
      .from(paymentLedger)
      .where(and(eq(paymentLedger.kind, 'PURCHASE'), sql`${paymentLedger.grossMicroUsd} <> 0`));
    expect(earning.map((entry) => entry.key)).toEqual(['stripe:in_1DemoSamRiveraVip']);
    for (const entry of earning) {
      const [booked] = await db
        .select()
        .from(talentLedger)
        .where(eq(talentLedger.key, `payment:${entry.key}`));
      expect(booked).toMatchObject({
        talentId: entry.talentId,
        kind: 'EARNING',
        source: 'subscription',
        grossMicroUsd: entry.grossMicroUsd,
        netMicroUsd: entry.netMicroUsd,
        occurredAt: entry.createdAt,
      });
      // The day's frame is the sum of that day's ledger entries, this one included.
      const day = entry.createdAt.toISOString().slice(0, 10);
      const [frame] = await db
        .select()
        .from(earningFrames)
        .where(and(eq(earningFrames.talentId, entry.talentId ?? ''), eq(earningFrames.range, 'DAY'), eq(earningFrames.key, day)));
      const [ledger] = await db
        .select({ gross: sql<string>`sum(${talentLedger.grossMicroUsd})`, net: sql<string>`sum(${talentLedger.netMicroUsd})` })
        .from(talentLedger)
        .where(
          and(
            eq(talentLedger.talentId, entry.talentId ?? ''),
            sql`${talentLedger.kind} <> 'PAYOUT' and to_char(${talentLedger.occurredAt} at time zone 'UTC', 'YYYY-MM-DD') = ${day}`,
          ),
        );
      expect([frame?.grossTotal, frame?.netTotal]).toEqual([Number(ledger?.gross), Number(ledger?.net)]);
    }
  });
});
