import { silentLogger } from '@doppel/logging';
import { TRPCError } from '@trpc/server';
import { afterEach, describe, expect, it } from 'vitest';
import { createLiveStreams, type LiveStreams, liveStreamLimits } from './live-streams.ts';

let streams: LiveStreams | undefined;
afterEach(() => streams?.stop());

function refusalOf(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    return error instanceof TRPCError ? error.code : String(error);
  }
  return undefined;
}

describe('the open live streams of a process', () => {
  it('refuse a session past its limit, and free a place when a stream closes', () => {
    streams = createLiveStreams({ liveSessions: async (ids) => new Set(ids) });
    const registry = streams;
    const owner = { sessionId: 's1', address: '10.0.0.1' };
    const open = Array.from({ length: liveStreamLimits.perSession }, () => registry.open(owner));
    expect(refusalOf(() => registry.open(owner))).toBe('TOO_MANY_REQUESTS');
    expect(refusalOf(() => registry.open({ sessionId: 's2', address: '10.0.0.1' }))).toBeUndefined();
    open[0]?.close();
    open[0]?.close();
    expect(refusalOf(() => registry.open(owner))).toBeUndefined();
    expect(registry.count()).toBe(liveStreamLimits.perSession + 1);
  });

  it('refuse an address past its limit, with or without sessions', () => {
    streams = createLiveStreams({ liveSessions: async (ids) => new Set(ids) });
    const registry = streams;
    for (let i = 0; i < liveStreamLimits.perAddress; i++)
      registry.open({ sessionId: i % 2 ? `s${i}` : undefined, address: '10.0.0.2' });
    expect(refusalOf(() => registry.assertRoom({ sessionId: undefined, address: '10.0.0.2' }))).toBe('TOO_MANY_REQUESTS');
    expect(refusalOf(() => registry.open({ sessionId: 'fresh', address: '10.0.0.2' }))).toBe('TOO_MANY_REQUESTS');
    expect(refusalOf(() => registry.open({ sessionId: undefined, address: '10.0.0.3' }))).toBeUndefined();
  });

  it('end the streams of a session that signed out here, or that the re-check no longer finds', async () => {
    let live = new Set(['kept', 'ended-elsewhere']);
    streams = createLiveStreams({ liveSessions: async (ids) => new Set(ids.filter((id) => live.has(id))) });
    const signedOut = streams.open({ sessionId: 'signed-out', address: 'a' });
    const kept = streams.open({ sessionId: 'kept', address: 'a' });
    const elsewhere = streams.open({ sessionId: 'ended-elsewhere', address: 'a' });
    const anonymous = streams.open({ sessionId: undefined, address: 'a' });
    streams.endSession('signed-out');
    expect(signedOut.signal.aborted).toBe(true);
    live = new Set(['kept']);
    await streams.recheck();
    expect([kept.signal.aborted, elsewhere.signal.aborted, anonymous.signal.aborted]).toEqual([false, true, false]);
  });

  it('keep the streams when the re-check cannot reach the database', async () => {
    const logged: string[] = [];
    streams = createLiveStreams({
      liveSessions: async () => {
        throw new Error('connection refused');
      },
      log: { ...silentLogger, error: (message) => logged.push(message) },
    });
    const stream = streams.open({ sessionId: 's', address: 'a' });
    await streams.recheck();
    expect(stream.signal.aborted).toBe(false);
    expect(logged).toEqual(['live stream session check failed']);
  });
});
