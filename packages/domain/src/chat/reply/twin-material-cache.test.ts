import { describe, expect, it } from 'vitest';
import { TwinMaterialCache } from './twin-material-cache.ts';

/** A cache on a clock the test moves, and a reader that counts its reads. */
function setUp(options: { ttlMs?: number; limit?: number } = {}) {
  let now = 1_000;
  const cache = new TwinMaterialCache({ ...options, now: () => now });
  const reads: string[] = [];
  const read = (key: string, value = key) =>
    cache.read(key, async () => {
      reads.push(key);
      return value;
    });
  return { cache, reads, read, advance: (ms: number) => (now += ms) };
}

describe('TwinMaterialCache', () => {
  it('serves a read for ttlMs, then reads again', async () => {
    const { reads, read, advance } = setUp({ ttlMs: 5_000 });
    expect(await read('faq:a', 'first')).toBe('first');
    advance(4_999);
    expect(await read('faq:a', 'second'), 'still within the TTL').toBe('first');
    advance(1);
    expect(await read('faq:a', 'third'), 'the TTL has passed').toBe('third');
    expect(reads).toEqual(['faq:a', 'faq:a']);
  });

  it('shares one read among concurrent readers of a missing key', async () => {
    const { cache } = setUp();
    let reads = 0;
    let finish: (value: string[]) => void = () => {};
    const slow = () => {
      reads++;
      return new Promise<string[]>((resolve) => {
        finish = resolve;
      });
    };
    const all = Promise.all([cache.read('sources:t', slow), cache.read('sources:t', slow), cache.read('sources:t', slow)]);
    finish(['s1']);
    expect(await all).toEqual([['s1'], ['s1'], ['s1']]);
    expect(reads).toBe(1);
  });

  it('keeps at most `limit` entries, dropping the oldest read first', async () => {
    const { cache, reads, read } = setUp({ limit: 2 });
    await read('a');
    await read('b');
    await read('c');
    expect(cache.size).toBe(2);
    reads.length = 0;
    await read('c');
    await read('b');
    expect(reads, 'the newest two are kept').toEqual([]);
    await read('a');
    expect(reads, 'the oldest was dropped').toEqual(['a']);
  });

  it('runs a lazy query (a thenable that runs at every await, as drizzle’s are) once', async () => {
    const { cache } = setUp();
    let runs = 0;
    const query = {
      // biome-ignore lint/suspicious/noThenProperty: the shape of a drizzle query under test
      then: (resolve: (rows: string[]) => void) => {
        runs++;
        resolve(['row']);
      },
    } as unknown as Promise<string[]>;
    await cache.read('faq:a', () => query);
    expect(await cache.read('faq:a', () => query)).toEqual(['row']);
    expect(runs).toBe(1);
  });

  it('keeps no failed read', async () => {
    const { cache, read, reads } = setUp();
    await expect(cache.read('faq:x', () => Promise.reject(new Error('database down')))).rejects.toThrow('database down');
    expect(await read('faq:x', 'after')).toBe('after');
    expect(reads).toEqual(['faq:x']);
  });

  it('forgets everything on a change to a twin’s material, and nothing on other changes', async () => {
    const { cache, read, reads } = setUp();
    await read('faq:a');
    await read('corrections:t');
    cache.forgetOnChange({ entity: 'chat_messages' });
    cache.forgetOnChange({ entity: 'jobs' });
    expect(cache.size, 'a fan message or a job changes no material').toBe(2);
    for (const entity of ['faq_items', 'faqs', 'talent_corrections', 'knowledge_sources', 'talent_configs']) {
      await read('faq:a');
      cache.forgetOnChange({ entity });
      expect(cache.size, `${entity} forgets the lists`).toBe(0);
    }
    // Once before the loop, then after each of the first four forgets (the loop's first read was still kept).
    expect(reads.filter((key) => key === 'faq:a')).toHaveLength(5);
  });

  it('does not keep a read that was under way when a change arrived', async () => {
    const { cache } = setUp();
    let finish: (value: string) => void = () => {};
    const before = cache.read(
      'faq:a',
      () =>
        new Promise<string>((resolve) => {
          finish = resolve;
        }),
    );
    cache.forgetOnChange({ entity: 'faq_items' });
    finish('read before the edit');
    await before;
    expect(await cache.read('faq:a', async () => 'read after the edit')).toBe('read after the edit');
  });
});
