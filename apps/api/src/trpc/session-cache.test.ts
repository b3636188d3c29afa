import type { Session } from '@doppel/domain/auth';
import type { Me } from '@doppel/validation';
import { describe, expect, it } from 'vitest';
import { createSessionCache, type ResolvedSession } from './session-cache.ts';

const user: Me = {
  id: 'u1',
  name: 'Fan',
  email: null,
  role: 'USER',
  waitlistStatus: null,
  isAnonymous: false,
  managedTalentIds: [],
};
const resolvedAt = (t: number, session: Partial<Session> = {}): ResolvedSession => ({
  session: { id: 's1', userId: 'u1', expiresAt: new Date(t + 60_000), absoluteExpiresAt: new Date(t + 60_000), ...session },
  user,
});

function setup(ttlMs = 1_000) {
  let now = 1_000_000;
  const cache = createSessionCache({ ttlMs, clock: () => now });
  let loads = 0;
  const load = (answer: ResolvedSession | undefined) => async () => {
    loads++;
    return answer;
  };
  return { cache, load, loads: () => loads, advance: (ms: number) => (now += ms), now: () => now };
}

describe('session cache', () => {
  it('answers a confirmed session from memory until its time is up, then asks again', async () => {
    const { cache, load, loads, advance, now } = setup();
    const answer = resolvedAt(now());
    expect(await cache.resolve('s1.secret', load(answer))).toEqual(answer);
    advance(999);
    expect(await cache.resolve('s1.secret', load(undefined))).toEqual(answer);
    expect(loads()).toBe(1);
    advance(1);
    expect(await cache.resolve('s1.secret', load(undefined))).toBeUndefined();
    expect(loads()).toBe(2);
  });

  it('keeps nothing for a token the database refused, and a forged secret never matches an entry', async () => {
    const { cache, load, loads, now } = setup();
    expect(await cache.resolve('s1.forged', load(undefined))).toBeUndefined();
    expect(cache.size()).toBe(0);
    await cache.resolve('s1.secret', load(resolvedAt(now())));
    expect(await cache.resolve('s1.forged', load(undefined))).toBeUndefined();
    expect(loads()).toBe(3);
  });

  it('stops answering a session past its own expiry, however fresh the entry', async () => {
    const { cache, load, advance, now } = setup(10_000);
    await cache.resolve('s1.secret', load(resolvedAt(now(), { expiresAt: new Date(now() + 500) })));
    advance(500);
    expect(await cache.resolve('s1.secret', load(undefined))).toBeUndefined();
  });

  it('forgets an ended session at once, and every session on request', async () => {
    const { cache, load, loads, now } = setup();
    await cache.resolve('s1.secret', load(resolvedAt(now())));
    await cache.resolve('s2.secret', load(resolvedAt(now(), { id: 's2' })));
    cache.forgetSession('s1');
    expect(await cache.resolve('s1.secret', load(undefined))).toBeUndefined();
    expect(await cache.resolve('s2.secret', load(undefined))).toBeDefined();
    expect(loads()).toBe(3);
    cache.forgetAll();
    expect(await cache.resolve('s2.secret', load(undefined))).toBeUndefined();
  });

  it('does not keep what a lookup read before a forget (a sign-out committing meanwhile)', async () => {
    const { cache, now } = setup();
    let answer: (value: ResolvedSession) => void = () => {};
    const inFlight = cache.resolve('s1.secret', () => new Promise((done) => (answer = done)));
    cache.forgetSession('s1');
    answer(resolvedAt(now()));
    await inFlight;
    expect(cache.size()).toBe(0);
  });
});
