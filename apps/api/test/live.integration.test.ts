import { recordChanges } from '@doppel/db';
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LiveEvent } from '../src/index.ts';
import { type Api, type Caller, createCaller, seedPeople, signIn, startApi } from './harness.ts';

let api: Api;
let people: Awaited<ReturnType<typeof seedPeople>>;
let creatorA: Caller;

beforeAll(async () => {
  api = await startApi();
  people = await seedPeople(api);
  creatorA = await signIn(api, people.creatorA.email as string);
});
afterAll(() => api.close());

type Received = { id: string; data: LiveEvent };

/** Subscribes and collects events until `count` arrived; resolves with them. */
function collect(caller: Caller, input: { scopes: string[]; lastEventId?: string }, count: number) {
  const received: Received[] = [];
  let started!: () => void;
  const ready = new Promise<void>((resolve) => {
    started = resolve;
  });
  let subscription: { unsubscribe: () => void } | undefined;
  const done = new Promise<Received[]>((resolve, reject) => {
    subscription = caller.client.live.events.subscribe(input, {
      onStarted: () => started(),
      onData: (event) => {
        received.push(event as Received);
        if (received.length >= count) resolve(received);
      },
      onError: reject,
    });
  });
  return { ready, done, received, stop: () => subscription?.unsubscribe() };
}

/** A write as the product makes it: the change is recorded in the writing transaction. */
async function write(entity: string, rowId: string, scopes: string[]) {
  await api.database.db.transaction((tx) => recordChanges(tx, [{ entity, rowId, scopes }]));
  api.server.feed.nudge();
}

/**
 * Subscribes and resolves with the refusal code, or undefined once an event arrives. Over SSE the
 * stream always opens first and a refusal follows as an error event, so an allowed subscription
 * is proven by a probe event reaching it.
 */
function refusal(caller: Caller, scopes: string[]): Promise<string | undefined> {
  return new Promise((resolve) => {
    const subscription = caller.client.live.events.subscribe(
      { scopes },
      {
        onStarted: () => void write('probe', 'probe', scopes),
        onData: () => {
          subscription.unsubscribe();
          resolve(undefined);
        },
        onError: (error) => {
          subscription.unsubscribe();
          resolve(error instanceof TRPCClientError ? (error.data as { code?: string }).code : String(error));
        },
      },
    );
  });
}

describe('live reads', () => {
  it('delivers a committed write to a subscribed client, and only events of its scopes', async () => {
    const talentScope = `talent:${people.talentA.id}`;
    const stream = collect(creatorA, { scopes: [talentScope] }, 1);
    await stream.ready;
    await write('talents', people.talentB.id, [`talent:${people.talentB.id}`]);
    // One change naming several scopes (a broadcast chunk names every chat it wrote to) reaches
    // the client with only the scopes it watches: nobody learns of other viewers' chats.
    await write('talents', people.talentA.id, [`chat:someone-else`, talentScope, 'admin']);
    const [event] = await stream.done;
    stream.stop();
    expect(event?.data).toEqual({ entity: 'talents', rowId: people.talentA.id, scopes: [talentScope] });
    expect(Number(event?.id)).toBeGreaterThan(0);
  });

  it('does not deliver a write whose transaction rolled back', async () => {
    const scope = `user:${people.creatorA.id}`;
    const stream = collect(creatorA, { scopes: [scope] }, 1);
    await stream.ready;
    await api.database.db
      .transaction(async (tx) => {
        await recordChanges(tx, [{ entity: 'users', rowId: 'rolled-back', scopes: [scope] }]);
        throw new Error('abort');
      })
      .catch(() => {});
    await write('users', people.creatorA.id, [scope]);
    const [event] = await stream.done;
    stream.stop();
    expect(event?.data.rowId).toBe(people.creatorA.id);
  });

  it('refuses scopes the viewer may not see', async () => {
    const anonymous = createCaller(api);
    expect(await refusal(creatorA, [`talent:${people.talentB.id}`])).toBe('FORBIDDEN');
    expect(await refusal(creatorA, ['admin'])).toBe('FORBIDDEN');
    expect(await refusal(creatorA, [`user:${people.fan.id}`])).toBe('FORBIDDEN');
    expect(await refusal(anonymous, [`talent:${people.talentA.id}`])).toBe('UNAUTHORIZED');
    expect(await refusal(anonymous, ['app'])).toBeUndefined();
    const admin = await signIn(api, people.admin.email as string);
    expect(await refusal(admin, ['admin', `talent:${people.talentB.id}`])).toBeUndefined();
  });

  it('lets a reconnecting client receive what it missed, in order, without repeats', async () => {
    const scope = `talent:${people.talentA.id}`;
    const first = collect(creatorA, { scopes: [scope] }, 1);
    await first.ready;
    await write('talent_configs', 'one', [scope]);
    const [seen] = await first.done;
    first.stop();

    // While the client is away: two writes it may see and one it may not.
    await write('talent_configs', 'two', [scope]);
    await write('talents', 'other', [`talent:${people.talentB.id}`]);
    await write('talent_configs', 'three', [scope]);

    const resumed = collect(creatorA, { scopes: [scope], lastEventId: seen?.id }, 3);
    await resumed.ready;
    await write('talent_configs', 'four', [scope]);
    const events = await resumed.done;
    resumed.stop();
    expect(events.map((event) => event.data.rowId)).toEqual(['two', 'three', 'four']);
    const ids = events.map((event) => Number(event.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });

  it('tells a client resuming from a pruned position to refetch everything', async () => {
    const scope = `talent:${people.talentA.id}`;
    // Transaction 1 is long gone: its row was pruned (or never existed).
    const resumed = collect(creatorA, { scopes: [scope], lastEventId: '1.0' }, 1);
    await resumed.ready;
    const [first] = await resumed.done;
    resumed.stop();
    expect(first?.data.entity).toBe('*');
  });

  it('delivers the events of concurrent writers once each, in feed order', async () => {
    const scope = `talent:${people.talentA.id}`;
    const total = 40;
    const stream = collect(creatorA, { scopes: [scope] }, total);
    await stream.ready;
    await Promise.all(Array.from({ length: total }, (_, i) => write('chat_messages', `m${i}`, [scope])));
    const events = await stream.done;
    stream.stop();
    expect(new Set(events.map((event) => event.data.rowId)).size).toBe(total);
    const ids = events.map((event) => Number(event.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);
  });
});
