import { randomFillSync } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { text, timestamp } from 'drizzle-orm/pg-core';

const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';
const idLength = 20;
// Random bytes are drawn 4 KiB at a time: one system call per ~200 ids instead of one per id (ids
// are made on every write; a fan's send makes three).
const pool = Buffer.alloc(4096);
let poolOffset = pool.length;
// Bytes from 252 up are skipped, so every character is equally likely (252 = 7 × 36).
const unbiasedBelow = 252;

function nextRandomByte(): number {
  if (poolOffset === pool.length) {
    randomFillSync(pool);
    poolOffset = 0;
  }
  return pool[poolOffset++] as number;
}

/** A random 20-character id (about 103 bits), URL-safe, like the document ids of the original app. */
export function newId(): string {
  let id = '';
  while (id.length < idLength) {
    const byte = nextRandomByte();
    if (byte < unbiasedBelow) id += alphabet[byte % alphabet.length];
  }
  return id;
}

/** Primary key column: text with a random default. */
export const idColumn = () => text().primaryKey().$defaultFn(newId);

/** Timestamps with time zone, set by the database. */
export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () =>
  timestamp({ withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdateFn(() => new Date());

/**
 * A fresh id computed by Postgres, for set-based inserts that make many rows in one statement
 * (a broadcast's messages): 20 hex characters (80 bits, from a random UUID), the same length and
 * alphabet subset as `newId`.
 */
export const newIdSql = sql<string>`left(md5(gen_random_uuid()::text), 20)`;
