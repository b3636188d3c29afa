import type { ChatNoticeKind, ChatReplyApprovalMode, LlmType } from '@doppel/validation';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { broadcasts } from './broadcasts.ts';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { chatCallToActionEnum, reactionEnum, senderTypeEnum } from './enums.ts';
import type {
  ChatPromptExample,
  ChatPromptFaqItem,
  ChatPromptFunction,
  ChatPromptMemory,
  ChatPromptMessage,
  ChatPromptPassage,
  MessageAttachment,
  ResponseFunction,
  TokenUsage,
} from './json-types.ts';
import { talents } from './talents.ts';
import { users } from './users.ts';

/** A fan's conversation with one twin (one per user and talent). */
export const chats = pgTable(
  'chats',
  {
    id: idColumn(),
    talentId: text()
      .notNull()
      .references(() => talents.id, { onDelete: 'cascade' }),
    userId: text()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatMessageCount: integer().notNull().default(0),
    // Filters of the admin chat list, set once and never cleared.
    hasUserInteraction: boolean().notNull().default(false),
    hasUserInteractionWithNonAnonymousUser: boolean().notNull().default(false),
    hasUserInteractionWithPaidCredits: boolean().notNull().default(false),
    hasUserInteractionWithSubscription: boolean().notNull().default(false),
    hasUserInteractionWithManager: boolean().notNull().default(false),
    /** The fan's latest message here: the broadcast audience is who wrote lately, but not too lately. */
    lastUserMessageAt: timestamp({ withTimezone: true }),
    /**
     * Set while the creator has taken the chat over (docs/creator-dashboard.md, Takeover): the
     * twin's reply job skips every fan message until the creator hands back.
     */
    takenOverAt: timestamp({ withTimezone: true }),
    takenOverByUserId: text().references(() => users.id, { onDelete: 'set null' }),
    /**
     * When the fan (or a manager, an admin) last deleted memories of this fan with this twin: the
     * memory job stores nothing learnt from a message sent before, so a note deleted while its job
     * was running or retrying never comes back (chat/memory/store.ts).
     */
    memoriesErasedAt: timestamp({ withTimezone: true }),
    /** This fan's approval mode: TWIN follows the twin's setting, ALWAYS / NEVER hold their replies or not. */
    replyApproval: text().$type<ChatReplyApprovalMode>().notNull().default('TWIN'),
    /**
     * A fan message here spoke of suicide or self-harm (docs/safety.md): the admins' Safety filter.
     * Set once, never cleared, like the flags above.
     */
    needsSafetyReview: boolean().notNull().default(false),
    /** After repeated crisis messages the twin stays out until then: every fan message gets the safety reply. */
    personaPausedUntil: timestamp({ withTimezone: true }),
    /** The fan turned this twin's reach-outs off from the chat menu (docs/reach-out.md); null: on. */
    reachOutsOffAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => {
    // The admin list filters on one flag and sorts by created, updated or message count, pages
    // keyed by (sort value, id): a partial index per flag and sort, with the id as tiebreaker,
    // keeps each combination and each page an index scan. Indexes here and
    // elsewhere are ascending on purpose: scanned backwards they serve `order by x desc` (nulls
    // first), which a `desc nulls last` index would not.
    const flags = {
      interaction: t.hasUserInteraction,
      non_anonymous: t.hasUserInteractionWithNonAnonymousUser,
      paid_credits: t.hasUserInteractionWithPaidCredits,
      subscription: t.hasUserInteractionWithSubscription,
      manager: t.hasUserInteractionWithManager,
      safety: t.needsSafetyReview,
    };
    const sorts = { created: t.createdAt, updated: t.updatedAt, message_count: t.chatMessageCount };
    const filtered = Object.entries(flags).flatMap(([flagName, flag]) =>
      Object.entries(sorts).map(([sortName, sort]) =>
        index(`chats_${flagName}_${sortName}_idx`).on(sort, t.id).where(sql`${flag}`),
      ),
    );
    return [
      uniqueIndex('chats_user_talent_unique').on(t.userId, t.talentId),
      index('chats_talent_updated_idx').on(t.talentId, t.updatedAt),
      index('chats_created_idx').on(t.createdAt, t.id),
      index('chats_updated_idx').on(t.updatedAt, t.id),
      index('chats_message_count_idx').on(t.chatMessageCount, t.id),
      index('chats_last_user_message_idx').on(t.lastUserMessageAt),
      index('chats_taken_over_by_idx').on(t.takenOverByUserId).where(sql`${t.takenOverByUserId} is not null`),
      ...filtered,
      check('chats_message_count_non_negative', sql`${t.chatMessageCount} >= 0`),
      check('chats_reply_approval_check', sql`${t.replyApproval} in ('TWIN', 'ALWAYS', 'NEVER')`),
    ];
  },
);

/** The index that lets a fan message have at most one TALENT answer (see replyToMessageId). */
export const chatReplyUniqueIndex = 'chat_messages_reply_to_unique';

export const chatMessages = pgTable(
  'chat_messages',
  {
    id: idColumn(),
    chatId: text()
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    senderType: senderTypeEnum().notNull(),
    text: text().notNull().default(''),
    attachments: jsonb().$type<MessageAttachment[]>().notNull().default([]),
    reaction: reactionEnum(),
    reactionFeedback: text(),
    /**
     * The fan message a talent reply answers. Unique, so a retried reply job can never answer
     * the same message twice.
     */
    replyToMessageId: text().references((): AnyPgColumn => chatMessages.id, { onDelete: 'set null' }),
    /** The broadcast that sent this message; unique per chat so a retried send never doubles. */
    broadcastId: text().references(() => broadcasts.id, { onDelete: 'set null' }),
    /** What the twin's immediate out-of-credits answer offers: sign in, buy credits, subscribe. */
    callToAction: chatCallToActionEnum(),
    /**
     * A TALENT-side message the twin did not write: the fixed safety reply with crisis services
     * (docs/safety.md). The messenger shows it apart from the twin's bubbles.
     */
    isSafetyReply: boolean().notNull().default(false),
    /**
     * A TALENT-side system line the twin did not write, shown apart from its bubbles: the repeated
     * "this is an AI" notice, or a known minor's take-a-break reminder (docs/safety.md, Reminders).
     * Never charged, never part of the model's history.
     */
    notice: text().$type<ChatNoticeKind>(),
    /**
     * The creator who wrote this TALENT message during a takeover: the fan sees the twin's message,
     * the admin sees who wrote it. Null for everything the twin wrote.
     */
    sentByUserId: text().references(() => users.id, { onDelete: 'set null' }),
    /**
     * What sending this fan message cost (free, then paid credits): a reply that crosses the
     * twin's boundaries gives exactly this back.
     */
    spentFreeCredits: integer().notNull().default(0),
    spentPaidCredits: integer().notNull().default(0),
    /**
     * The key the fan's app made for this message (chat.send): a send repeated with it, because
     * its answer was lost, finds this message instead of storing and charging a second one.
     */
    idempotencyKey: text(),
    /**
     * The reach-out (reach_outs.id) this TALENT message is: the twin wrote to the fan unasked
     * (docs/reach-out.md). Unique, so an occasion is never written twice; never charged.
     */
    reachOutId: text(),
    /**
     * A USER message the fan spoke: the text is the transcript of their voice note (Telegram,
     * docs/speech-to-text.md); the messenger marks it so. The audio itself is not kept.
     */
    spoken: boolean().notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_messages_chat_created_idx').on(t.chatId, t.createdAt),
    // Admin reactions list, newest first, keyset (created, id): one reaction, or any.
    index('chat_messages_reaction_created_id_idx').on(t.reaction, t.createdAt, t.id).where(sql`${t.reaction} is not null`),
    index('chat_messages_reacted_created_id_idx').on(t.createdAt, t.id).where(sql`${t.reaction} is not null`),
    uniqueIndex(chatReplyUniqueIndex).on(t.replyToMessageId).where(sql`${t.replyToMessageId} is not null`),
    index('chat_messages_sent_by_idx').on(t.sentByUserId).where(sql`${t.sentByUserId} is not null`),
    uniqueIndex('chat_messages_broadcast_chat_unique').on(t.broadcastId, t.chatId).where(sql`${t.broadcastId} is not null`),
    // The send's "when was the last reminder here?" (docs/safety.md, Reminders).
    index('chat_messages_chat_notice_created_idx').on(t.chatId, t.createdAt).where(sql`${t.notice} is not null`),
    // The creator's Conversations search (ILIKE '%text%', pg_trgm): docs/creator-dashboard.md.
    index('chat_messages_text_trgm_idx').using('gin', t.text.op('gin_trgm_ops')),
    check('chat_messages_notice_check', sql`${t.notice} in ('AI_REMINDER', 'BREAK_REMINDER')`),
    uniqueIndex('chat_messages_reach_out_unique').on(t.reachOutId).where(sql`${t.reachOutId} is not null`),
    uniqueIndex('chat_messages_chat_idempotency_key_unique')
      .on(t.chatId, t.idempotencyKey)
      .where(sql`${t.idempotencyKey} is not null`),
  ],
);

/**
 * What the model was asked and answered for one TALENT message (the admin message dialog's
 * Input and Output tabs). Its id is the message id.
 */
export const chatPrompts = pgTable(
  'chat_prompts',
  {
    id: text()
      .primaryKey()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    chatId: text()
      .notNull()
      .references(() => chats.id, { onDelete: 'cascade' }),
    llmType: text().$type<LlmType>().notNull(),
    llmFineTunedModelId: text(),
    llmTemperature: doublePrecision().notNull(),
    messages: jsonb().$type<ChatPromptMessage[]>().notNull().default([]),
    faqItems: jsonb().$type<ChatPromptFaqItem[]>().notNull().default([]),
    faqMinScore: doublePrecision(),
    /** The fan memories the prompt carried, as they were then (the fan may delete them later). */
    memories: jsonb().$type<ChatPromptMemory[]>().notNull().default([]),
    /** The knowledge passages the prompt carried (the reply's "Based on"), best first. */
    passages: jsonb().$type<ChatPromptPassage[]>().notNull().default([]),
    /** The creator's corrections the prompt carried as examples, most similar first. */
    examples: jsonb().$type<ChatPromptExample[]>().notNull().default([]),
    functions: jsonb().$type<ChatPromptFunction[]>().notNull().default([]),
    tokenUsage: jsonb().$type<TokenUsage>(),
    responseText: text(),
    responseFallbackText: text(),
    responseFunction: jsonb().$type<ResponseFunction>(),
    createdAt: createdAt(),
    /**
     * The reply answered without a fitting FAQ item or knowledge passage (a knowledge gap): no FAQ
     * item scoring at least `faqMinScore` (else `chatPromptGapScores.faq`, the reply engine's
     * default) and no passage scoring at least `chatPromptGapScores.passage`. Stored and computed by
     * Postgres from the prompt's JSON (function `chat_prompt_uncovered`, migration 0039), so no
     * writer sets it and the knowledge gaps read it through `chat_prompts_uncovered_idx`.
     */
    uncovered: boolean().notNull().generatedAlwaysAs(sql`chat_prompt_uncovered(faq_items, faq_min_score, passages)`),
  },
  (t) => [
    index('chat_prompts_chat_idx').on(t.chatId),
    // Only the gaps (a third to a half of the replies), with the minimum score the listing returns.
    index('chat_prompts_uncovered_idx').on(t.id, t.faqMinScore).where(sql`${t.uncovered}`),
  ],
);

/**
 * The scores `chat_prompts.uncovered` is computed with (in SQL, function chat_prompt_uncovered):
 * the reply engine's default FAQ minimum (defaultFaqMinScore) and answering passage score
 * (answeringPassageScore); a unit test in @doppel/domain holds them equal.
 */
export const chatPromptGapScores = { faq: 0.35, passage: 0.3 } as const;
