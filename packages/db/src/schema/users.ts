import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.ts';

export const userRole = pgEnum('user_role', ['USER', 'ADMIN']);
export const waitlistStatus = pgEnum('waitlist_status', ['PENDING', 'REJECTED', 'ACCEPTED']);
export const waitlistPlatform = pgEnum('waitlist_platform', ['INSTAGRAM', 'TIKTOK', 'X']);

/** Creators, fans (anonymous first) and admins. Free `credits` are spent before `paidCredits`. */
export const users = pgTable(
  'users',
  {
    id: idColumn(),
    name: text().notNull().default(''),
    /** Lower-cased; null for anonymous fans. */
    email: text(),
    isAnonymous: boolean().notNull().default(false),
    role: userRole().notNull().default('USER'),
    credits: integer().notNull().default(0),
    paidCredits: integer().notNull().default(0),
    waitlistStatus: waitlistStatus(),
    waitlistPlatform: waitlistPlatform(),
    instagram: text(),
    tiktok: text(),
    x: text(),
    testGroupRecord: jsonb().$type<Record<string, string>>().notNull().default({}),
    lastActiveAt: timestamp({ withTimezone: true }),
    /**
     * When this person got their one free grant: at creation for an anonymous fan, at the first
     * merge of an anonymous fan for an account. A later merge adds no more free credits.
     */
    freeCreditsGrantedAt: timestamp({ withTimezone: true }),
    /**
     * SHA-256 of the address that created this anonymous fan, for the per-address limit on new
     * anonymous fans; null for accounts. Only ever compared, never shown.
     */
    createdFromAddressHash: text(),
    /** When this fan said they are under 18 in a chat: from then on no twin goes past SAFE with them. */
    declaredMinorAt: timestamp({ withTimezone: true }),
    /**
     * When this fan confirmed being 18 or older at the age gate of a twin above SAFE (docs/safety.md,
     * Age gate). Only the verdict and its time are kept, not the date of birth.
     */
    adultConfirmedAt: timestamp({ withTimezone: true }),
    /** The browser's IANA time zone, as last sent by the fan (the reach-out switch): quiet hours follow it. */
    timeZone: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email),
    // Admin users list filters, newest first, keyset (created, id).
    index('users_waitlist_status_created_id_idx').on(t.waitlistStatus, t.createdAt, t.id),
    index('users_role_created_id_idx').on(t.role, t.createdAt, t.id),
    index('users_created_id_idx').on(t.createdAt, t.id),
    // "Fans": never joined the waitlist, not staff.
    index('users_fans_created_id_idx').on(t.createdAt, t.id).where(sql`${t.waitlistStatus} is null and ${t.role} = 'USER'`),
    // Search by email prefix: text_pattern_ops serves `like 'prefix%'` whatever the collation.
    index('users_email_pattern_idx').on(sql`${t.email} text_pattern_ops`),
    // New anonymous fans per address in a recent window (chat.open while signed out).
    index('users_created_from_address_idx')
      .on(t.createdFromAddressHash, t.createdAt)
      .where(sql`${t.createdFromAddressHash} is not null`),
    // Credits never go negative, whatever a caller does.
    check('users_credits_non_negative', sql`${t.credits} >= 0 and ${t.paidCredits} >= 0`),
  ],
);
