import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { updatedAt } from './columns.ts';

/**
 * A model provider that answered "too many requests" (429), shared by every worker through the
 * database: until `blockedUntil` no worker calls it, so one provider's limit slows all of them
 * instead of each worker finding it on its own (docs/chat-engine.md, issue 31).
 */
export const providerRateLimits = pgTable('provider_rate_limits', {
  /** Which budget: a provider and, where it limits per model, the model (for example `openai:gpt-4o-mini`). */
  provider: text().primaryKey(),
  /** No call to the provider before this time (its retry-after, or a backoff when it gave none). */
  blockedUntil: timestamp({ withTimezone: true, mode: 'date' }).notNull(),
  /** 429s in a row since the last call that went through: grows the backoff when no retry-after is given. */
  consecutiveLimits: integer().notNull().default(0),
  updatedAt: updatedAt(),
});
