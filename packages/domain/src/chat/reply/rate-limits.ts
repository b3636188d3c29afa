// A model provider's "too many requests", shared by every worker through the database
// (provider_rate_limits). The worker that meets a 429 writes how long to hold off; each worker
// reads it before it claims more replies, so one limit slows all of them at once instead of every
// worker finding it anew with a fan's reply (docs/chat-engine.md#reply-throughput).
import { type Database, providerRateLimits } from '@doppel/db';
import { sql } from 'drizzle-orm';

/** A 429 without retry-after: 1 s, doubling with each 429 in a row, at most a minute. */
export function rateLimitBackoffMs(consecutiveLimits: number): number {
  return Math.min(60_000, 1000 * 2 ** Math.max(0, consecutiveLimits - 1));
}

/** A hold that ended this long before the next 429 is over: the next one starts the backoff again. */
const streakGapMs = 60_000;
/** The longest hold a provider's retry-after may ask for; past it we try again anyway. */
const longestHoldMs = 15 * 60_000;

/**
 * Records a 429 from `provider`: nobody calls it before `retryAfterMs` from now (or the backoff
 * when the provider gave no time). Never shortens a hold another worker wrote.
 */
export async function noteRateLimited(
  db: Database,
  input: { provider: string; retryAfterMs: number | null },
): Promise<{ blockedUntil: Date }> {
  const { blockedUntil, consecutiveLimits } = providerRateLimits;
  const streakOver = sql`${blockedUntil} < now() - make_interval(secs => ${streakGapMs / 1000})`;
  const streak = sql`case when ${streakOver} then 1 else ${consecutiveLimits} + 1 end`;
  const holdMs =
    input.retryAfterMs === null
      ? sql`least(60000, 1000 * power(2, least(6, ${streak} - 1)))`
      : sql`${Math.min(input.retryAfterMs, longestHoldMs)}`;
  const firstHoldMs = input.retryAfterMs === null ? rateLimitBackoffMs(1) : Math.min(input.retryAfterMs, longestHoldMs);
  // One statement, so two workers meeting the limit at once both land, and the later time wins.
  const [row] = await db
    .insert(providerRateLimits)
    .values({
      provider: input.provider,
      blockedUntil: sql`now() + make_interval(secs => ${firstHoldMs}::float8 / 1000)`,
      consecutiveLimits: 1,
    })
    .onConflictDoUpdate({
      target: providerRateLimits.provider,
      set: {
        blockedUntil: sql`greatest(${blockedUntil}, now() + make_interval(secs => (${holdMs})::float8 / 1000))`,
        consecutiveLimits: streak,
      },
    })
    .returning({ blockedUntil });
  if (!row) throw new Error('the rate limit was not recorded');
  return row;
}

/** How long every provider's hold still runs, in ms (0 when none is held). */
export async function rateLimitWaitMs(db: Database): Promise<number> {
  const [row] = await db
    .select({
      ms: sql<number>`coalesce(greatest(0, extract(epoch from max(${providerRateLimits.blockedUntil}) - now()) * 1000), 0)::float8`,
    })
    .from(providerRateLimits);
  return Math.ceil(Number(row?.ms ?? 0));
}
