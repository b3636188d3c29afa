import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { attachmentTypeEnum } from './enums.ts';
import { talents } from './talents.ts';

/**
 * A talent's gallery ("static attachments"): images the twin can send, each with a short context
 * the model matches against. `lockedFilePath` is the blurred version shown before unlocking.
 */
export const staticAttachments = pgTable(
  'static_attachments',
  {
    id: idColumn(),
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    type: attachmentTypeEnum().notNull().default('IMAGE'),
    originalFileName: text().notNull(),
    filePath: text().notNull(),
    lockedFilePath: text(),
    width: integer(),
    height: integer(),
    context: text().notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('static_attachments_talent_created_idx').on(t.talentId, t.createdAt)],
);
