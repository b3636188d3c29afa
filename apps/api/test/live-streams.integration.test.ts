// The live stream under attack, over real HTTP and SSE: old or forged positions, many streams from
// one caller, and streams that outlive their session.
import { recordChanges, sessions } from '@doppel/db';
import { TRPCClientError } from '@trpc/client';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '../src/index.ts';
import { type Api, type Caller, createCaller, seedPeople, signIn, startApi } from './harness.ts';

let api: Api;
let people: Awaited<ReturnType<typeof seedPeople>>;

// Small limits keep the test light; the defaults are the product's (live-streams.ts).
const liveStreamLimits = { perSession: 8, perAddress: 24 };

beforeAll(async () => {
  api = await startApi({
    env: {
      LIVE_STREAMS_PER_SESSION: String(liveStreamLimits.perSession),
      LIVE_STREAMS_PER_ADDRESS: String(liveStreamLimits.perAddress),
    },
  });
  people = await seedPeople(api);
});
afterAll(() => api.close());
// Each test counts the streams it opens: those of the test before must have been released.
beforeEach(async () => {
  await expect
    .poll(openStreams, { message: 'the streams of the test before to be released', timeout: 10_000, interval: 10 })
    .toBe(0);
});

type Received = { id: string; data: LiveEvent };
type Failure = { code?: string; fieldErrors?: Record<string, string[]> };

/** A subscription and what happened to it: events, an error, or its end from the server's side. */
function open(caller: Caller, input: { scopes: string[]; lastEventId?: string }) {
  const received: Received[] = [];
  let failed!: (failure: Failure) => void;
  const failure = new Promise<Failure>((resolve) => {
    failed = resolve;
  });
  let completed!: () => void;
  const ended = new Promise<void>((resolve) => {
    completed = resolve;
  });
  const subscription = caller.client.live.events.subscribe(input, {
    onData: (event) => received.push(event as Received),
    onError: (error) => failed(error instanceof TRPCClientError ? (error.data as Failure) : { code: String(error) }),
    onComplete: () => completed(),
  });
  return { received, failure, ended, stop: () => subscription.unsubscribe() };
}

// Generous: the machine may be busy, and a passing check returns at once.
/** Resolves with "ended" when the promise settles in time, "still open" otherwise. */
function endsWithin(promise: Promise<unknown>, ms: number): Promise<'ended' | 'still open'> {
  return Promise.race([
    promise.then(() => 'ended' as const),
    new Promise<'still open'>((done) => setTimeout(() => done('still open'), ms)),
  ]);
}

async function write(entity: string, rowId: string, scopes: string[]) {
  await api.database.db.transaction((tx) => recordChanges(tx, [{ entity, rowId, scopes }]));
  api.server.feed.nudge();
}

const openStreams = () => api.server.liveStreams.count();

describe('resuming a live stream', () => {
  it('refuses a last event id that is not a feed position as bad input, with its field', async () => {
    const stream = open(createCaller(api), { scopes: ['app'], lastEventId: '1'.repeat(26) });
    const failure = await stream.failure;
    stream.stop();
    expect(failure.code).toBe('BAD_REQUEST');
    expect(failure.fieldErrors?.lastEventId).toEqual(['Not a live event id']);
  });

  it('answers a position from long ago with a resync, then only what follows, reading none of the past', async () => {
    // The feed hands a commit out once every older transaction has ended, and other test files share
    // the Postgres server: a watcher proves the old writes were handed out before the client resumes.
    const watcher = open(createCaller(api), { scopes: ['app'] });
    await expect.poll(openStreams, { message: 'the watcher to open', timeout: 10_000, interval: 10 }).toBe(1);
    for (const rowId of ['old-1', 'old-2', 'old-3']) await write('system', rowId, ['app']);
    await vi.waitFor(
      () =>
        expect(
          watcher.received.some((event) => event.data.rowId === 'old-3'),
          'the old writes',
        ).toBe(true),
      {
        timeout: 20_000,
        interval: 10,
      },
    );
    watcher.stop();
    const stream = open(createCaller(api), { scopes: ['app'], lastEventId: '1' });
    await vi.waitFor(() => expect(stream.received.length > 0, 'the resync').toBe(true), { timeout: 10_000, interval: 10 });
    await write('system', 'new', ['app']);
    await vi.waitFor(
      () =>
        expect(
          stream.received.some((event) => event.data.rowId === 'new'),
          'the next write',
        ).toBe(true),
      { timeout: 10_000, interval: 10 },
    );
    stream.stop();
    // The writes before the resync reach the client through the refetch it asks for, not as events.
    expect(stream.received.map((event) => event.data.rowId)).toEqual(['*', 'new']);
    // The resync's id is a position the client can resume from without another resync.
    const resumed = open(createCaller(api), { scopes: ['app'], lastEventId: stream.received[0]?.id });
    await vi.waitFor(() => expect(resumed.received.length > 0, 'the replay').toBe(true), { timeout: 10_000, interval: 10 });
    resumed.stop();
    expect(resumed.received.map((event) => event.data.rowId)).toEqual(['new']);
  });

  it('answers a position the feed never handed out with a resync', async () => {
    const stream = open(createCaller(api), { scopes: ['app'], lastEventId: '999999999999999' });
    await vi.waitFor(() => expect(stream.received.length > 0, 'the resync').toBe(true), { timeout: 10_000, interval: 10 });
    stream.stop();
    expect(stream.received[0]?.data.entity).toBe('*');
  });
});

describe('ending with the session', () => {
  it('ends the streams of a session when it signs out, and delivers nothing more', async () => {
    const creator = await signIn(api, people.creatorA.email as string);
    const scope = `user:${people.creatorA.id}`;
    const stream = open(creator, { scopes: [scope] });
    await expect.poll(openStreams, { message: 'the stream to open', timeout: 10_000, interval: 10 }).toBe(1);
    await creator.client.auth.signOut.mutate();
    expect(await endsWithin(stream.ended, 10_000)).toBe('ended');
    // An ended stream takes no more events: a write after the end never reaches it.
    await write('users', 'after-sign-out', [scope]);
    stream.stop();
    expect(stream.received).toEqual([]);
    await expect.poll(openStreams, { message: 'the stream to be released', timeout: 10_000, interval: 10 }).toBe(0);
  });

  it('ends the streams of a session ended elsewhere (another process, expiry) at the re-check', async () => {
    const fan = await signIn(api, people.fan.email as string);
    const scope = `user:${people.fan.id}`;
    const stream = open(fan, { scopes: [scope] });
    await expect.poll(openStreams, { message: 'the stream to open', timeout: 10_000, interval: 10 }).toBe(1);
    await api.server.liveStreams.recheck();
    // Still signed in: the re-check keeps the stream, which goes on delivering.
    await write('users', 'after-recheck', [scope]);
    await vi.waitFor(() => expect(stream.received.map((event) => event.data.rowId)).toContain('after-recheck'), {
      timeout: 10_000,
      interval: 10,
    });
    // Signed out on another API process: the row is gone, this process was not told.
    await api.database.db.delete(sessions).where(eq(sessions.userId, people.fan.id));
    await api.server.liveStreams.recheck();
    expect(await endsWithin(stream.ended, 10_000)).toBe('ended');
    stream.stop();
    await expect.poll(openStreams, { message: 'the stream to be released', timeout: 10_000, interval: 10 }).toBe(0);
  });
});

describe('streams per caller', () => {
  it('limits the open streams of one session', async () => {
    const admin = await signIn(api, people.admin.email as string);
    const streams = Array.from({ length: liveStreamLimits.perSession }, () => open(admin, { scopes: ['admin'] }));
    await expect
      .poll(openStreams, { message: 'the allowed streams to open', timeout: 10_000, interval: 10 })
      .toBe(liveStreamLimits.perSession);
    const extra = open(admin, { scopes: ['admin'] });
    const failure = await extra.failure;
    expect(failure.code).toBe('TOO_MANY_REQUESTS');
    // Another session is not held back by this one.
    const other = await signIn(api, people.creatorB.email as string);
    const allowed = open(other, { scopes: ['app'] });
    await expect
      .poll(openStreams, { message: 'the other session’s stream', timeout: 10_000, interval: 10 })
      .toBe(liveStreamLimits.perSession + 1);
    for (const stream of [...streams, extra, allowed]) stream.stop();
    await expect.poll(openStreams, { message: 'the streams to be released', timeout: 10_000, interval: 10 }).toBe(0);
  });

  it('limits the open streams from one address, signed in or not', async () => {
    const streams = Array.from({ length: liveStreamLimits.perAddress }, () => open(createCaller(api), { scopes: ['app'] }));
    await expect
      .poll(openStreams, { message: 'the allowed streams to open', timeout: 20_000, interval: 10 })
      .toBe(liveStreamLimits.perAddress);
    const extra = open(createCaller(api), { scopes: ['app'] });
    expect((await extra.failure).code).toBe('TOO_MANY_REQUESTS');
    // A closed stream frees its place.
    streams.pop()?.stop();
    await expect
      .poll(openStreams, { message: 'a place to free up', timeout: 10_000, interval: 10 })
      .toBe(liveStreamLimits.perAddress - 1);
    const next = open(createCaller(api), { scopes: ['app'] });
    await expect
      .poll(openStreams, { message: 'the stream taking the free place', timeout: 10_000, interval: 10 })
      .toBe(liveStreamLimits.perAddress);
    await write('system', 'to-all', ['app']);
    await vi.waitFor(() => expect(next.received.length === 1, 'an event on the new stream').toBe(true), {
      timeout: 10_000,
      interval: 10,
    });
    for (const stream of [...streams, extra, next]) stream.stop();
    await expect.poll(openStreams, { message: 'the streams to be released', timeout: 20_000, interval: 10 }).toBe(0);
  });
});
