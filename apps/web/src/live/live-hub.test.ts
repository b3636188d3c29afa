import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createLiveHub, type LiveEvent, type LiveStreamHandlers } from './live-hub.ts';

/** The streams the hub opened, as the API would see them: scopes, whether still open, and its handlers. */
function streamsOpened() {
  const streams: { scopes: string[]; open: boolean; handlers: LiveStreamHandlers }[] = [];
  const open = (scopes: string[], handlers: LiveStreamHandlers) => {
    const stream = { scopes, open: true, handlers };
    streams.push(stream);
    return {
      close: () => {
        stream.open = false;
      },
    };
  };
  return { streams, open, openStreams: () => streams.filter((stream) => stream.open) };
}

const event = (id: string, entity: string, scopes: string[]): LiveEvent => ({ id, data: { entity, rowId: 'r1', scopes } });

describe('the live hub: one stream per tab', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens one stream for everything a page watches, however many components watch', async () => {
    const { open, streams } = streamsOpened();
    const hub = createLiveHub(open);
    hub.watch(['app'], () => {});
    hub.watch(['talent:t1', 'app'], () => {});
    hub.watch(['user:u1'], () => {});
    await vi.advanceTimersByTimeAsync(0);

    expect(streams).toHaveLength(1);
    expect(streams[0]?.scopes).toEqual(['app', 'talent:t1', 'user:u1']);
  });

  it('hands each change only to the watchers of its scopes, and a resync to all', async () => {
    const { open, streams } = streamsOpened();
    const hub = createLiveHub(open);
    const app: LiveEvent[] = [];
    const talent: LiveEvent[] = [];
    hub.watch(['app'], (e) => app.push(e));
    hub.watch(['talent:t1'], (e) => talent.push(e));
    await vi.advanceTimersByTimeAsync(0);

    const stream = streams[0] as (typeof streams)[number];
    stream.handlers.onData(event('1:0', 'talents', ['talent:t1']));
    stream.handlers.onData(event('2:0', 'app_configs', ['app']));
    stream.handlers.onData(event('3:0', '*', []));

    expect(app.map((e) => e.id)).toEqual(['2:0', '3:0']);
    expect(talent.map((e) => e.id)).toEqual(['1:0', '3:0']);
  });

  it('replaces the stream when the scopes change, keeping the old one until the new one has started', async () => {
    const { open, streams, openStreams } = streamsOpened();
    const hub = createLiveHub(open, { handOverMs: 500 });
    const seen: string[] = [];
    hub.watch(['app'], (e) => seen.push(e.id));
    const stopTalent = hub.watch(['talent:t1'], () => {});
    await vi.advanceTimersByTimeAsync(0);
    const [first] = streams;

    stopTalent();
    await vi.advanceTimersByTimeAsync(0);
    const second = streams[1];
    expect(second?.scopes).toEqual(['app']);
    expect(openStreams()).toHaveLength(2);

    // A change in the hand-over reaches the watcher once, though both streams carry it.
    first?.handlers.onData(event('5:0', 'app_configs', ['app']));
    second?.handlers.onStarted();
    second?.handlers.onData(event('5:0', 'app_configs', ['app']));
    await vi.advanceTimersByTimeAsync(499);
    expect(first?.open).toBe(true);
    await vi.advanceTimersByTimeAsync(1);

    expect(openStreams()).toEqual([second]);
    expect(seen).toEqual(['5:0']);
  });

  it('does not restart the stream when a page swaps watchers of the same scopes', async () => {
    const { open, streams } = streamsOpened();
    const hub = createLiveHub(open);
    const stop = hub.watch(['admin'], () => {});
    await vi.advanceTimersByTimeAsync(0);
    stop();
    hub.watch(['admin'], () => {});
    await vi.advanceTimersByTimeAsync(0);

    expect(streams).toHaveLength(1);
    expect(streams[0]?.open).toBe(true);
  });

  it('closes every stream when nothing is watched any more', async () => {
    const { open, openStreams } = streamsOpened();
    const hub = createLiveHub(open);
    const stop = hub.watch(['app'], () => {});
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(0);

    expect(openStreams()).toEqual([]);
    expect(hub.streamScopes()).toEqual([]);
  });

  it('reports a refused stream and opens a new one at the next change of watchers, not in a loop', async () => {
    const { open, streams } = streamsOpened();
    const errors: unknown[] = [];
    const hub = createLiveHub(open, { onError: (error) => errors.push(error) });
    hub.watch(['chat:c1'], () => {});
    await vi.advanceTimersByTimeAsync(0);
    streams[0]?.handlers.onError(new Error('FORBIDDEN'));
    await vi.advanceTimersByTimeAsync(5_000);
    expect(errors).toHaveLength(1);
    expect(streams).toHaveLength(1);

    hub.watch(['app'], () => {});
    await vi.advanceTimersByTimeAsync(0);
    expect(streams[1]?.scopes).toEqual(['app', 'chat:c1']);
  });
});
