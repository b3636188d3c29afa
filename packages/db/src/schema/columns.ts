import { randomBytes } from 'node:crypto';
import { text, timestamp } from 'drizzle-orm/pg-core';

const alphabet = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A random 20-character id (about 103 bits), URL-safe, like the document ids the spec shows. */
export function newId(): string {
  const bytes = randomBytes(20);
  let id = '';
  for (const byte of bytes) id += alphabet[byte % alphabet.length];
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
