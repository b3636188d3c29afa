// The lists a reply retrieves from that change rarely (a twin's FAQ items, its corrections, its
// ready knowledge sources), kept by the worker for a few seconds instead of read on every reply.
// A twin whose link goes round gets hundreds of replies a second, each of which read the same
// lists: about a quarter of a reply's statements, and drizzle building them each time.
//
// Staleness is bounded and acceptable: the worker forgets every entry when the live feed brings a
// change to any of these lists (forgetOnChange), so a creator's edit counts within tens of
// milliseconds; an edit that records no change event (psql, a lost notification) counts within
// `twinMaterialTtlMs`. A fan never waits on it: at worst one reply in those seconds is written
// from the material as it was when the fan sent the message, as if it had been answered a moment
// earlier. Only the lists are kept: the vectors and the passages' text are read as before, so a
// deleted passage never reaches a prompt.

/** How long an entry serves replies before it is read again. */
export const twinMaterialTtlMs = 5_000;

/** Change events (their `entity`) that alter what the cached lists hold. */
export const twinMaterialEntities: ReadonlySet<string> = new Set([
  'faqs',
  'faq_items',
  'talent_configs',
  'talent_corrections',
  'knowledge_sources',
]);

export type TwinMaterialCacheOptions = {
  ttlMs?: number;
  /** Entries kept at most (three per twin answered): the oldest read is dropped first. */
  limit?: number;
  now?: () => number;
};

/**
 * A small memo of read results by key, each served for `ttlMs` after its read began. Concurrent
 * readers of a missing key share one read (a burst of replies to one twin reads its lists once);
 * a failed read is not kept. Values are shared between replies: callers must not change them.
 */
export class TwinMaterialCache {
  private readonly entries = new Map<string, { readAt: number; value: Promise<unknown> }>();
  private readonly ttlMs: number;
  private readonly limit: number;
  private readonly now: () => number;

  constructor(options: TwinMaterialCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? twinMaterialTtlMs;
    this.limit = options.limit ?? 3_000;
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  /** The value read for `key` less than `ttlMs` ago, else the result of `read` (then kept). */
  read<T>(key: string, read: () => Promise<T>): Promise<T> {
    const now = this.now();
    const entry = this.entries.get(key);
    if (entry && now - entry.readAt < this.ttlMs) return entry.value as Promise<T>;
    this.entries.delete(key);
    if (this.entries.size >= this.limit) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    // A real promise, settled once: a drizzle query is a thenable that runs again at every await.
    const value = Promise.resolve(read());
    this.entries.set(key, { readAt: now, value });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  /** Drops every entry, reads under way included (their result is not kept). */
  clear(): void {
    this.entries.clear();
  }

  /** Drops every entry when `event` changed a twin's material (any twin's: edits are rare). */
  forgetOnChange(event: { entity: string }): void {
    if (twinMaterialEntities.has(event.entity)) this.clear();
  }
}
