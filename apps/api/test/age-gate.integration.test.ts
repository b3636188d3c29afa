// The age gate (docs/safety.md, Age gate) through the real API, Postgres and tRPC client: a twin
// above SAFE answers only a fan who confirmed their age (date of birth, judged by the offline
// declaration); a fan who declares under 18 is a minor everywhere from then on: SAFE content,
// break reminders, no purchases from twins above SAFE.
import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { chatMessages, checkouts, products, talentConfigs, talents, users } from '@doppel/db';
import type { ContentLevel } from '@doppel/validation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  balanceOf,
  createTalent,
  failure,
  messagesOf,
  setBalance,
  signedInFan,
  startChatApi,
  userIdOf,
} from './chat-fixtures.ts';
import { type Api, type Caller, createCaller, refusal, requestSignInToken, signIn } from './harness.ts';

let api: Api;
let filesDir: string;
let safeTwin: Awaited<ReturnType<typeof createTalent>>;
let suggestiveTwin: Awaited<ReturnType<typeof createTalent>>;
let adultTwin: Awaited<ReturnType<typeof createTalent>>;
let fanCount = 0;

async function twinAt(level: ContentLevel, managerIds: string[] = []) {
  const twin = await createTalent(api, { managerIds });
  await api.database.db.update(talentConfigs).set({ contentLevel: level }).where(eq(talentConfigs.id, twin.talent.id));
  return twin;
}

beforeAll(async () => {
  ({ api, filesDir } = await startChatApi());
  safeTwin = await twinAt('SAFE');
  suggestiveTwin = await twinAt('SUGGESTIVE');
  adultTwin = await twinAt('ADULT');
});
afterAll(async () => {
  await api?.close();
  if (filesDir) await rm(filesDir, { recursive: true, force: true });
});

async function newFan(tag: string) {
  fanCount += 1;
  const email = `age-fan-${fanCount}@test.dev`;
  return { email, ...(await signedInFan(api, email, tag, { credits: 0, paidCredits: 20 })) };
}

const send = (fan: Caller, chatId: string, text: string) =>
  fan.client.chat.send.mutate({ chatId, text, idempotencyKey: randomUUID() });

async function ageOf(userId: string) {
  const [row] = await api.database.db
    .select({ adultConfirmedAt: users.adultConfirmedAt, declaredMinorAt: users.declaredMinorAt })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** A date of birth `years` years (and a day) before today, as the date field sends it. */
function bornYearsAgo(years: number): string {
  const date = new Date();
  date.setUTCFullYear(date.getUTCFullYear() - years);
  date.setUTCDate(date.getUTCDate() - 1);
  return date.toISOString().slice(0, 10);
}

describe('a twin above SAFE', () => {
  it('asks a fan whose age is unknown to confirm it, and refuses their message until then: nothing stored or charged', async () => {
    const { fan, userId, chatId } = await newFan(suggestiveTwin.tag);
    expect((await fan.client.chat.open.mutate({ talentTag: suggestiveTwin.tag })).ageConfirmationRequired).toBe(true);
    const refused = await failure(send(fan, chatId, 'hi'));
    expect(refused).toMatchObject({ code: 'PRECONDITION_FAILED', appCode: 'AGE_UNCONFIRMED' });
    expect(refused.message).toBe('Please confirm your age before chatting with this twin.');
    expect(await messagesOf(api, chatId)).toEqual([]);
    expect(await balanceOf(api, userId)).toMatchObject({ credits: 0, paidCredits: 20 });
  });

  it('lets an adult chat once they gave a date of birth 18 or more years ago, keeping only the verdict', async () => {
    const { fan, userId, chatId } = await newFan(adultTwin.tag);
    expect(await fan.client.chat.confirmAge.mutate({ birthDate: bornYearsAgo(30) })).toEqual({ age: 'ADULT' });
    const age = await ageOf(userId);
    expect(age?.adultConfirmedAt).toBeInstanceOf(Date);
    expect(age?.declaredMinorAt).toBeNull();
    expect((await fan.client.chat.open.mutate({ talentTag: adultTwin.tag })).ageConfirmationRequired).toBe(false);
    expect((await send(fan, chatId, 'hi')).message.text).toBe('hi');
    // Every other twin above SAFE takes the confirmation too.
    expect((await fan.client.chat.open.mutate({ talentTag: suggestiveTwin.tag })).ageConfirmationRequired).toBe(false);
  });

  it('refuses a malformed or future date of birth with a field error, changing nothing', async () => {
    const { fan, userId } = await newFan(suggestiveTwin.tag);
    const tomorrowPlusOne = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    for (const birthDate of ['yesterday', '2001-02-30', tomorrowPlusOne, '1850-01-01']) {
      const refused = await refusal(fan.client.chat.confirmAge.mutate({ birthDate }));
      expect(refused.code, birthDate).toBe('BAD_REQUEST');
      expect(refused.fieldErrors?.birthDate?.length, birthDate).toBeGreaterThan(0);
    }
    expect(await ageOf(userId)).toEqual({ adultConfirmedAt: null, declaredMinorAt: null });
  });

  it('asks a signed-out fan too, and what they declare comes with them when they sign in', async () => {
    const anonymous = createCaller(api);
    const opened = await anonymous.client.chat.open.mutate({ talentTag: suggestiveTwin.tag });
    expect(opened.isAnonymous).toBe(true);
    expect(opened.ageConfirmationRequired).toBe(true);
    expect((await failure(send(anonymous, opened.chat.id, 'hello'))).appCode).toBe('AGE_UNCONFIRMED');
    expect(await anonymous.client.chat.confirmAge.mutate({ birthDate: bornYearsAgo(15) })).toEqual({ age: 'MINOR' });
    expect((await send(anonymous, opened.chat.id, 'hello')).message.text).toBe('hello');

    fanCount += 1;
    const email = `age-anon-${fanCount}@test.dev`;
    const token = await requestSignInToken(api, anonymous, email);
    await anonymous.client.auth.signInWithLink.mutate({ email, token });
    const age = await ageOf(await userIdOf(api, email));
    expect(age?.declaredMinorAt, 'the account is a minor now').toBeInstanceOf(Date);
  });

  it('does not ask the twin’s own creator in their test chat', async () => {
    fanCount += 1;
    const email = `age-creator-${fanCount}@test.dev`;
    const creator = await signIn(api, email);
    const twin = await twinAt('ADULT', [await userIdOf(api, email)]);
    const opened = await creator.client.chat.open.mutate({ talentTag: twin.tag });
    expect(opened.isTestChat).toBe(true);
    expect(opened.ageConfirmationRequired).toBe(false);
    expect((await send(creator, opened.chat.id, 'testing')).message.text).toBe('testing');
  });
});

describe('a SAFE twin', () => {
  it('never asks', async () => {
    const { fan, chatId } = await newFan(safeTwin.tag);
    expect((await fan.client.chat.open.mutate({ talentTag: safeTwin.tag })).ageConfirmationRequired).toBe(false);
    expect((await send(fan, chatId, 'hi')).message.text).toBe('hi');
  });
});

describe('a fan who declares under 18', () => {
  it('is a minor everywhere from then on: SAFE content, no second answer, no purchases from twins above SAFE', async () => {
    const { fan, userId, chatId } = await newFan(adultTwin.tag);
    expect(await fan.client.chat.confirmAge.mutate({ birthDate: bornYearsAgo(16) })).toEqual({ age: 'MINOR' });
    expect((await ageOf(userId))?.declaredMinorAt).toBeInstanceOf(Date);
    // Answering again as an adult changes nothing.
    expect(await fan.client.chat.confirmAge.mutate({ birthDate: bornYearsAgo(40) })).toEqual({ age: 'MINOR' });
    expect((await ageOf(userId))?.adultConfirmedAt).toBeNull();

    // They may chat (the gate is passed), with SAFE content only: an adult request is refused, free.
    const refused = await send(fan, chatId, 'send nudes');
    expect(refused.reply?.text).toBeTruthy();
    expect(refused.balance).toEqual({ credits: 0, paidCredits: 20 });
    const [flagged] = await api.database.sql<{ reason: string }[]>`
      select reason from boundary_flags where message_id = ${refused.message.id}`;
    expect(flagged?.reason).toBe('MINOR');

    // Another twin above SAFE asks them nothing more.
    expect((await fan.client.chat.open.mutate({ talentTag: suggestiveTwin.tag })).ageConfirmationRequired).toBe(false);

    // No unlocking the twin's pictures: refused, nothing charged.
    const [picture] = await api.database.db
      .insert(chatMessages)
      .values({
        chatId,
        senderType: 'TALENT',
        text: 'for you',
        attachments: [{ type: 'IMAGE', filePath: 'x/a.jpg', dimensions: { width: 1, height: 1 }, isUnlocked: false }],
      })
      .returning();
    await setBalance(api, userId, 0, 20);
    const unlock = await failure(fan.client.chat.unlock.mutate({ chatId, messageId: picture?.id as string, attachmentId: '0' }));
    expect(unlock).toMatchObject({ code: 'FORBIDDEN', message: 'This content is for adults only.' });
    expect(await balanceOf(api, userId)).toMatchObject({ credits: 0, paidCredits: 20 });
  });

  it('cannot subscribe to a twin above SAFE, while an adult can', async () => {
    const [vip] = await api.database.db
      .insert(products)
      .values({ name: 'Twin VIP (monthly)', priceType: 'SUBSCRIPTION', priceAmount: 999 })
      .returning();
    const twin = await twinAt('SUGGESTIVE');
    await api.database.db.update(talents).set({ subscriptionProductId: vip?.id }).where(eq(talents.id, twin.talent.id));
    const input = { productId: vip?.id as string, talentId: twin.talent.id, returnPath: `/chat/${twin.tag}` };

    const minor = await newFan(twin.tag);
    await minor.fan.client.chat.confirmAge.mutate({ birthDate: bornYearsAgo(17) });
    expect(await refusal(minor.fan.client.payments.checkout.mutate(input))).toMatchObject({
      code: 'FORBIDDEN',
      message: `A subscription to ${twin.talent.name} is for adults only.`,
    });
    expect(await api.database.db.select().from(checkouts).where(eq(checkouts.userId, minor.userId))).toEqual([]);

    const adult = await newFan(twin.tag);
    await adult.fan.client.chat.confirmAge.mutate({ birthDate: bornYearsAgo(40) });
    expect((await adult.fan.client.payments.checkout.mutate(input)).checkoutId).toBeTruthy();
  });

  it('still unlocks on a SAFE twin', async () => {
    const { fan, userId, chatId } = await newFan(safeTwin.tag);
    await api.database.db.update(users).set({ declaredMinorAt: new Date() }).where(eq(users.id, userId));
    const [picture] = await api.database.db
      .insert(chatMessages)
      .values({
        chatId,
        senderType: 'TALENT',
        text: 'a sunset',
        attachments: [{ type: 'IMAGE', filePath: 'x/b.jpg', dimensions: { width: 1, height: 1 }, isUnlocked: false }],
      })
      .returning();
    const unlocked = await fan.client.chat.unlock.mutate({ chatId, messageId: picture?.id as string, attachmentId: '0' });
    expect(unlocked.attachment.isUnlocked).toBe(true);
  });
});
