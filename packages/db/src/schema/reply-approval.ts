// Approval mode and corrections (docs/creator-dashboard.md): the twin's replies held for the
// creator, and the creator's own answers kept as training examples on the twin's model.
import type { ReplyDraftStatus } from '@doppel/validation';
import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, real, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { chatMessages, type chatPrompts, chats } from './chats.ts';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import type { MessageAttachment } from './json-types.ts';
import { models } from './models.ts';
import { qualityCases } from './quality.ts';
import { reachOuts } from './reach-outs.ts';
import { talents } from './talents.ts';
import { users } from './users.ts';

/** What the reply job recorded for the model call: the ChatPrompt row written when the draft is sent. */
export type HeldChatPrompt = Omit<typeof chatPrompts.$inferInsert, 'id' | 'chatId' | 'createdAt'>;

/** One draft per fan message, whatever became of it: the reply job never drafts a message twice. */
export const replyDraftFanMessageUniqueIndex = 'reply_drafts_fan_message_unique';

/**
 * A reply the twin wrote while approval mode held it, or a reach-out it would send unasked
 * (docs/reach-out.md#approval): one or the other, never both. Its id becomes the sent message's id,
 * so a draft is sent at most once (the message's primary key) and answers its fan message at most
 * once (the unique reply index). The fan paid when sending; a rejected or dropped reply gives it back
 * (a reach-out cost the fan nothing).
 */
export const replyDrafts = pgTable(
  'reply_drafts',
  {
    id: idColumn(),
    chatId: text()
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    /** The fan's message this reply answers; null for a reach-out. */
    fanMessageId: text().references(() => chatMessages.id, { onDelete: 'cascade' }),
    /** The reach-out occasion (status HELD) this message would send; null for a reply. */
    reachOutId: text().references(() => reachOuts.id, { onDelete: 'cascade' }),
    text: text().notNull(),
    attachments: jsonb().$type<MessageAttachment[]>().notNull().default([]),
    /** The model call behind a reply, recorded as its ChatPrompt when sent; null for a reach-out. */
    prompt: jsonb().$type<HeldChatPrompt>(),
    status: text().$type<ReplyDraftStatus>().notNull().default('PENDING'),
    /** Who approved, edited or rejected it; null while pending and for the hold limit's decision. */
    decidedByUserId: text().references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex(replyDraftFanMessageUniqueIndex).on(t.fanMessageId),
    uniqueIndex('reply_drafts_reach_out_unique').on(t.reachOutId),
    check('reply_drafts_answers_one_check', sql`(${t.fanMessageId} is null) <> (${t.reachOutId} is null)`),
    // The creator's inbox, oldest first, keyset (created, id); and the hold limit's sweep.
    index('reply_drafts_talent_pending_idx').on(t.talentId, t.createdAt, t.id).where(sql`${t.status} = 'PENDING'`),
    index('reply_drafts_pending_created_idx').on(t.createdAt).where(sql`${t.status} = 'PENDING'`),
    index('reply_drafts_chat_idx').on(t.chatId),
    index('reply_drafts_decided_by_idx').on(t.decidedByUserId).where(sql`${t.decidedByUserId} is not null`),
    check(
      'reply_drafts_status_check',
      sql`${t.status} in ('PENDING', 'APPROVED', 'EDITED', 'REJECTED', 'SENT_ON_EXPIRY', 'DROPPED_ON_EXPIRY', 'SUPERSEDED')`,
    ),
  ],
);

/**
 * The creator's answer to a fan message where the twin's differed: an edited draft or a sent reply
 * the creator rewrote. One per twin reply (rewriting again replaces it). Its example sits in the
 * twin's model's training examples; this row remembers where it came from and when.
 */
export const talentCorrections = pgTable(
  'talent_corrections',
  {
    id: idColumn(),
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    modelId: text().references(() => models.id, { onDelete: 'set null' }),
    /** The twin's message the correction is about (for an edited draft, the message sent); null for a quality check's. */
    replyMessageId: text().references(() => chatMessages.id, { onDelete: 'cascade' }),
    /** The quality check case whose weak answer the creator corrected (source QUALITY_CHECK): one correction per case. */
    qualityCaseId: text().references(() => qualityCases.id, { onDelete: 'set null' }),
    source: text().$type<'DRAFT_EDIT' | 'REWRITE' | 'QUALITY_CHECK'>().notNull(),
    fanText: text().notNull(),
    answerText: text().notNull(),
    /** The fan's message embedded, so the next similar fan message finds this correction as an example. */
    embedding: real().array(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('talent_corrections_reply_message_unique').on(t.replyMessageId),
    index('talent_corrections_talent_updated_idx').on(t.talentId, t.updatedAt),
    index('talent_corrections_model_idx').on(t.modelId),
    uniqueIndex('talent_corrections_quality_case_unique').on(t.qualityCaseId),
    check('talent_corrections_source_check', sql`${t.source} in ('DRAFT_EDIT', 'REWRITE', 'QUALITY_CHECK')`),
    // A chat correction names its reply; a quality check's has none (its case may be deleted later).
    check('talent_corrections_reply_check', sql`(${t.source} = 'QUALITY_CHECK') = (${t.replyMessageId} is null)`),
  ],
);
