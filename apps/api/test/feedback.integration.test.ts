import { users } from '@doppel/db';
import { talentMessages } from '@doppel/validation';
import { jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, createCaller, refusal, seedPeople, signIn, startApi } from './harness.ts';

const secret = 'a-long-shared-secret-for-the-feedback-board';
const boardUrl = 'https://feedback.example.com/board';
let configured: Api;
let unconfigured: Api;
let people: Awaited<ReturnType<typeof seedPeople>>;

beforeAll(async () => {
  configured = await startApi({ env: { FEEDBACK_BOARD_URL: boardUrl, FEEDBACK_BOARD_SECRET: secret } });
  people = await seedPeople(configured);
  unconfigured = await startApi({ env: { FEEDBACK_BOARD_URL: boardUrl } });
  await seedPeople(unconfigured);
});
afterAll(async () => {
  await configured.close();
  await unconfigured.close();
});

describe('feedback.token', () => {
  it('gives a creator the board URL and an HS256 token with their id, email and name that verifies with the secret', async () => {
    const creator = await signIn(configured, people.creatorA.email as string);
    const { url, token } = await creator.client.feedback.token.query();
    expect(url).toBe(boardUrl);
    const { payload, protectedHeader } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    expect(protectedHeader.alg).toBe('HS256');
    expect(payload).toMatchObject({
      id: people.creatorA.id,
      sub: people.creatorA.id,
      email: 'creator-a@test.dev',
      name: 'Creator A',
    });
    expect((payload.exp as number) - (payload.iat as number)).toBe(3600);
    await expect(jwtVerify(token, new TextEncoder().encode('another secret'))).rejects.toThrow();
  });

  it('refuses someone who runs no twin, and anonymous callers', async () => {
    const fan = await signIn(configured, people.fan.email as string);
    expect(await refusal(fan.client.feedback.token.query())).toEqual({
      code: 'FORBIDDEN',
      message: talentMessages.feedbackNotManager,
    });
    expect((await refusal(createCaller(configured).client.feedback.token.query())).code).toBe('UNAUTHORIZED');
  });

  it('says the board is not configured without the secret (or the URL)', async () => {
    const creator = await signIn(unconfigured, 'creator-a@test.dev');
    expect(await refusal(creator.client.feedback.token.query())).toEqual({
      code: 'PRECONDITION_FAILED',
      message: 'The feedback board is not configured.',
    });
  });

  it('signs a token for an admin too (admins run the demo twin and see the board)', async () => {
    await configured.database.db.insert(users).values({ email: 'staff@test.dev', name: 'Staff', role: 'ADMIN' });
    const staff = await signIn(configured, 'staff@test.dev');
    const { token } = await staff.client.feedback.token.query();
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret));
    expect(payload.email).toBe('staff@test.dev');
  });
});
