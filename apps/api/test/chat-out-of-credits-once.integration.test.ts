// The twin's out-of-credits answer is said once per situation (issue 26 item 8), over real HTTP:
// a second send at 0 credits is refused with INSUFFICIENT_CREDITS and stores nothing, and a new
// situation (the fan signed in) gets its own answer once.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTalent,
  failure,
  freeCredits,
  messagesOf,
  replyJobsOf,
  setBalance,
  startChatApi,
  userIdOf,
} from './chat-fixtures.ts';
import { type Api, createCaller, signIn } from './harness.ts';

let api: Api;
beforeAll(async () => {
  ({ api } = await startChatApi());
});
afterAll(() => api?.close());

describe('the out-of-credits answer', () => {
  it('is given once to an anonymous fan; sending again at 0 credits is refused and stores nothing', async () => {
    const { tag } = await createTalent(api);
    const anonymous = createCaller(api);
    const { chat } = await anonymous.client.chat.open.mutate({ talentTag: tag });
    for (let i = 0; i < freeCredits; i += 1) {
      await anonymous.client.chat.send.mutate({ chatId: chat.id, text: `free ${i}`, idempotencyKey: randomUUID() });
    }
    const first = await anonymous.client.chat.send.mutate({ chatId: chat.id, text: 'and now?', idempotencyKey: randomUUID() });
    expect(first.reply).toMatchObject({ text: 'AUTH: sign in to keep chatting', callToAction: 'SIGN_IN' });
    const before = await messagesOf(api, chat.id);

    const second = await failure(
      anonymous.client.chat.send.mutate({ chatId: chat.id, text: 'hello??', idempotencyKey: randomUUID() }),
    );
    expect(second).toMatchObject({ code: 'BAD_REQUEST', appCode: 'INSUFFICIENT_CREDITS' });
    expect(second.message).toBe('You’ve used your free credits. Sign in to keep chatting.');
    expect(await messagesOf(api, chat.id), 'no second canned bubble, no stored message').toHaveLength(before.length);
    expect(await replyJobsOf(api, chat.id)).toHaveLength(freeCredits);

    // A retry of the first one (its answer was lost) still gets that answer, not a refusal.
    const again = await anonymous.client.chat.send.mutate({
      chatId: chat.id,
      text: 'and now?',
      idempotencyKey: (before.find((message) => message.text === 'and now?')?.idempotencyKey as string) ?? '',
    });
    expect(again.message.id).toBe(first.message.id);
    expect(again.reply?.id).toBe(first.reply?.id);
  });

  it('answers a signed-in fan once with the checkout, and again only after the twin said something else', async () => {
    const { tag } = await createTalent(api);
    const fan = await signIn(api, 'broke-fan@test.dev');
    await setBalance(api, await userIdOf(api, 'broke-fan@test.dev'), 0, 0);
    const { chat } = await fan.client.chat.open.mutate({ talentTag: tag });
    const first = await fan.client.chat.send.mutate({ chatId: chat.id, text: 'hi', idempotencyKey: randomUUID() });
    expect(first.reply?.callToAction).toBe('CHECKOUT');
    const refused = await failure(fan.client.chat.send.mutate({ chatId: chat.id, text: 'hi?', idempotencyKey: randomUUID() }));
    expect(refused).toMatchObject({
      appCode: 'INSUFFICIENT_CREDITS',
      message: 'You’re out of credits. Get credits to keep chatting.',
    });
    expect(await messagesOf(api, chat.id)).toHaveLength(2);
  });
});
