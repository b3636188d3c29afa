import { listRecordedChanges, users } from '@doppel/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, refusal, signIn, startApi } from './harness.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.close());

const userByEmail = async (email: string) => (await api.database.db.select().from(users).where(eq(users.email, email)))[0];

describe('waitlist.join', () => {
  it('stores the platform and the handle (without @) and sets PENDING, recording the change', async () => {
    const caller = await signIn(api, 'wait@test.dev');
    const result = await caller.client.waitlist.join.mutate({
      platform: 'TIKTOK',
      handle: '  @mia.dances ',
      termsAccepted: true,
    });
    expect(result).toEqual({ waitlistStatus: 'PENDING' });
    const user = await userByEmail('wait@test.dev');
    expect(user).toMatchObject({
      waitlistPlatform: 'TIKTOK',
      tiktok: 'mia.dances',
      instagram: null,
      x: null,
      waitlistStatus: 'PENDING',
    });
    const events = (await listRecordedChanges(api.database.db)).filter(
      (event) => event.entity === 'users' && event.rowId === user?.id,
    );
    expect(events.map((event) => event.scopes)).toContainEqual([`user:${user?.id}`, 'admin']);
    const me = await caller.client.auth.me.query();
    expect(me?.waitlistStatus).toBe('PENDING');
  });

  it('puts each platform’s handle in its own column', async () => {
    const caller = await signIn(api, 'multi@test.dev');
    await caller.client.waitlist.join.mutate({ platform: 'INSTAGRAM', handle: 'insta_me', termsAccepted: true });
    await caller.client.waitlist.join.mutate({ platform: 'X', handle: '@x_me', termsAccepted: true });
    expect(await userByEmail('multi@test.dev')).toMatchObject({ waitlistPlatform: 'X', instagram: 'insta_me', x: 'x_me' });
  });

  it('keeps an ACCEPTED or REJECTED decision', async () => {
    for (const status of ['ACCEPTED', 'REJECTED'] as const) {
      const email = `decided-${status.toLowerCase()}@test.dev`;
      await api.database.db.insert(users).values({ email, waitlistStatus: status });
      const caller = await signIn(api, email);
      const result = await caller.client.waitlist.join.mutate({ platform: 'X', handle: 'me', termsAccepted: true });
      expect(result.waitlistStatus).toBe(status);
      expect((await userByEmail(email))?.waitlistStatus).toBe(status);
    }
  });

  it('enforces the form’s rules on the server: terms ticked, a known platform, a handle', async () => {
    const caller = await signIn(api, 'rules@test.dev');
    const join = (input: unknown) => caller.client.waitlist.join.mutate(input as never);
    expect(await refusal(join({ platform: 'X', handle: 'me', termsAccepted: false }))).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Please review and accept the Terms of Service to proceed.',
      fieldErrors: { termsAccepted: ['Please review and accept the Terms of Service to proceed.'] },
    });
    expect((await refusal(join({ platform: 'MYSPACE', handle: 'me', termsAccepted: true }))).fieldErrors).toHaveProperty(
      'platform',
    );
    expect(await refusal(join({ platform: 'X', handle: ' @ ', termsAccepted: true }))).toMatchObject({
      code: 'BAD_REQUEST',
      fieldErrors: { handle: ['Required'] },
    });
    expect((await userByEmail('rules@test.dev'))?.waitlistStatus).toBeNull();
  });
});
