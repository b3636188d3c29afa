import {
  type ChangeEvent,
  chatMessages,
  chats,
  newId,
  recordChanges,
  type Transaction,
  talentConfigs,
  talents,
  users,
} from '@doppel/db';
import type { ChatMessageView, CreditBalanceView } from '@doppel/validation';
import { eq, sql } from 'drizzle-orm';
import { managesTalent, type Viewer } from '../../access/scopes.ts';
import { bookPaidSpend, earningShareColumns, planEarning } from '../../earnings/record-earning.ts';
import { DomainError } from '../../errors.ts';
import { planSpend, type Spend } from '../../money/money.ts';
import { subscribedToTwinSql } from '../../payments/subscriptions.ts';
import type { ModerationVerdict } from '../../ports/llm.ts';
import { assertTwinVisibleTo } from '../../reports/hidden-twins.ts';
import { assertChatFan, chatNotFound } from '../access.ts';
import { needsAgeConfirmation } from '../age-gate/age-rules.ts';
import { insertBoundaryFlag } from '../boundaries/flags.ts';
import { refusalText } from '../boundaries/refusal.ts';
import { checkFanMessage } from '../boundaries/rules.ts';
import { type ChatMessageRow, toMessageView } from '../messages/view.ts';
import type { ChatReplyJob, ChatReplyQueue } from '../ports.ts';
import { lastToldAtSql, reminderRows } from '../reminders/plan-reminders.ts';
import { type CrisisContext, crisisWrites, planCrisisAnswer } from '../safety/crisis-answer.ts';
import { standDownOwedReplies } from '../safety/stand-down.ts';
import { balanceChanged, chatChanged, messageChanged, talentNumbersChanged } from '../scopes.ts';
import { isTestChat } from '../test-chat.ts';
import { debit, lockFanBalanceQuery } from './balance.ts';
import { builtOnce } from './built-once.ts';
import { callToActionOf, type OutOfCreditsAnswer, outOfCreditsAnswer, starterAnswer } from './immediate-answers.ts';
import { bumpMetrics } from './metrics.ts';
import { refuseRepeatedOutOfCredits } from './out-of-credits-once.ts';
import { assertSameMessage, immediateAnswerDelayMs, sentWithKeyQuery } from './repeated-send.ts';

export type SendMessageInput = {
  chatId: string;
  text: string;
  /** Names this message across retries: see repeated-send.ts. */
  idempotencyKey: string;
  suggestionId?: string | undefined;
  /**
   * The crisis check's verdict on `text` and the fan's country, asked before the transaction
   * (docs/safety.md); undefined: not checked (domain tests that are not about it).
   */
  crisis?: CrisisContext | undefined;
  /** The moderation endpoint's verdict on `text` from the same check, if it was asked: the reply job reuses it. */
  moderation?: ModerationVerdict | null | undefined;
};

export type SendMessageResult = {
  chat: { id: string; userId: string; talentId: string };
  /** The reminders stored with this message (docs/safety.md, Reminders), oldest first; usually none. */
  notices: ChatMessageView[];
  message: ChatMessageView;
  /** The twin's immediate answer (out of credits, a starter's static answer); AI replies come later. */
  reply: ChatMessageView | undefined;
  balance: CreditBalanceView;
  /** What was debited; undefined when the fan could not pay (nothing was). */
  spend: Spend | undefined;
  outOfCredits: OutOfCreditsAnswer['kind'] | undefined;
  replyQueued: boolean;
  /** The fan got the safety reply instead of the twin (crisis protocol). */
  safetyReply: boolean;
  /** The key named a message already stored: this is its answer again, and nothing was written. */
  repeated: boolean;
};

/** The reply job, with the send's moderation verdict when there is one (the job then does not ask again). */
const replyJob = (chatId: string, messageId: string, moderation: ModerationVerdict | null | undefined): ChatReplyJob =>
  moderation ? { chatId, messageId, moderation } : { chatId, messageId };

/** The chat with its twin's prices, messages and rules, its row locked; built once (built-once.ts). */
const lockChatStatement = builtOnce('lock_chat_for_send', (tx) =>
  tx
    .select({
      chat: {
        id: chats.id,
        userId: chats.userId,
        talentId: chats.talentId,
        hasUserInteractionWithNonAnonymousUser: chats.hasUserInteractionWithNonAnonymousUser,
        hasUserInteractionWithPaidCredits: chats.hasUserInteractionWithPaidCredits,
        hasUserInteractionWithSubscription: chats.hasUserInteractionWithSubscription,
        hasUserInteractionWithManager: chats.hasUserInteractionWithManager,
        personaPausedUntil: chats.personaPausedUntil,
      },
      talent: {
        name: talents.name,
        creditsToSendMessage: talents.creditsToSendMessage,
        creditsToUnlockImage: talents.creditsToUnlockImage,
        creditsToUnlockAudio: talents.creditsToUnlockAudio,
        creditsToUnlockFirstImage: talents.creditsToUnlockFirstImage,
        chatMessageForAuth: talents.chatMessageForAuth,
        chatMessageForCheckout: talents.chatMessageForCheckout,
        chatMessageForSubscription: talents.chatMessageForSubscription,
        subscriptionProductId: talents.subscriptionProductId,
        chatMessageSuggestions: talents.chatMessageSuggestions,
        hiddenFromFansAt: talents.hiddenFromFansAt,
      },
      shares: earningShareColumns,
      boundaries: { topics: talentConfigs.blockedTopics, contentLevel: talentConfigs.contentLevel },
      // Read here rather than in statements of their own: fewer statements for drizzle to build,
      // postgres.js to write and parse, and Postgres to run. This statement runs after the fan's
      // balance lock, so its snapshot sees what the fan's previous send committed.
      subscribed: subscribedToTwinSql(chats.talentId, sql.placeholder('userId'), sql.placeholder('now')),
      toldAt: lastToldAtSql(chats.id),
    })
    .from(chats)
    .innerJoin(talents, eq(talents.id, chats.talentId))
    .innerJoin(talentConfigs, eq(talentConfigs.id, chats.talentId))
    .where(eq(chats.id, sql.placeholder('chatId')))
    // NO KEY UPDATE: the chat's flags stay exact (sends queue here) while the worker may still
    // insert a reply into this chat (its foreign key only needs KEY SHARE).
    .for('no key update', { of: chats }),
);

/**
 * The usual send's two writes of its own, built once (built-once.ts): the fan's message alone (no
 * reminder, no immediate answer with it) and the chat's counters and flags (no crisis). Every
 * other shape goes through drizzle's builders as before. Values are bound per call; the message's
 * `id` is given, as a default computed by drizzle would be built once with the statement.
 */
const insertFanMessageStatement = builtOnce('insert_fan_message', (tx) =>
  tx
    .insert(chatMessages)
    .values({
      id: sql.placeholder('id'),
      chatId: sql.placeholder('chatId'),
      senderType: 'USER',
      text: sql.placeholder('text'),
      idempotencyKey: sql.placeholder('idempotencyKey'),
      spentFreeCredits: sql.placeholder('spentFreeCredits'),
      spentPaidCredits: sql.placeholder('spentPaidCredits'),
      createdAt: sql.placeholder('createdAt'),
    })
    .returning(),
);

// SQL rather than bare placeholders in the SET (drizzle's types refuse those): the values go to
// postgres.js as given, so `now` is passed as an ISO string.
const updateChatStatement = builtOnce('update_chat_after_send', (tx) =>
  tx
    .update(chats)
    .set({
      chatMessageCount: sql`${chats.chatMessageCount} + ${sql.placeholder('added')}`,
      hasUserInteraction: true,
      hasUserInteractionWithNonAnonymousUser: sql`${sql.placeholder('nonAnonymous')}`,
      hasUserInteractionWithPaidCredits: sql`${sql.placeholder('paidCredits')}`,
      hasUserInteractionWithSubscription: sql`${sql.placeholder('subscription')}`,
      hasUserInteractionWithManager: sql`${sql.placeholder('manager')}`,
      lastUserMessageAt: sql`${sql.placeholder('now')}`,
      updatedAt: sql`${sql.placeholder('now')}`,
    })
    .where(eq(chats.id, sql.placeholder('chatId'))),
);

/**
 * A fan sends a message, all in the caller's transaction: lock the fan's balance, charge the
 * talent's price (free credits first, then paid), store the message, update the chat's counters
 * and flags and the talent's metrics, book earnings for the paid part, and queue the AI reply.
 * When the fan cannot pay, nothing is charged: the message is still stored and the twin answers at
 * once with its sign-in, subscription or checkout message (free, and not an AI reply). A starter
 * with a static answer is answered at once too (charged like any message, no model). A send with
 * the idempotency key of a message already stored answers with that message and writes nothing.
 */
export async function sendChatMessage(
  tx: Transaction,
  viewer: Viewer,
  input: SendMessageInput,
  deps: { replies: ChatReplyQueue },
): Promise<SendMessageResult> {
  if (!viewer) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue.');
  // Lock order everywhere: the fan's user row first, then the chat. Both statements go out
  // together (one round trip); Postgres runs them in the order they were issued.
  const now = new Date();
  const chatQuery = lockChatStatement(tx, { chatId: input.chatId, userId: viewer.id, now: now.toISOString() });
  const [[fan], [row], [earlier]] = await Promise.all([
    lockFanBalanceQuery(tx, viewer.id),
    chatQuery,
    // Behind the balance lock: a concurrent send with this key has committed or rolled back by then.
    sentWithKeyQuery(tx, input.chatId, input.idempotencyKey),
  ]);
  if (!fan) throw new DomainError('UNAUTHENTICATED', 'Please sign in to continue.');
  if (!row) throw chatNotFound();
  const { chat, talent, shares, subscribed: subscribedToTwin, toldAt } = row;
  assertChatFan(viewer, chat, 'send messages');
  assertTwinVisibleTo(viewer, { id: chat.talentId, hiddenFromFansAt: talent.hiddenFromFansAt });
  const ref = { id: chat.id, userId: chat.userId, talentId: chat.talentId };
  // Neither the fan's message nor an immediate answer carries attachments: no price state needed.
  const context = { ...talent, hasUnlockedImage: false, seesOriginals: false };
  if (earlier) {
    assertSameMessage(earlier.message, input.text);
    return {
      chat: ref,
      notices: [],
      message: toMessageView(earlier.message, context),
      reply: earlier.answer ? toMessageView(earlier.answer, context) : undefined,
      balance: { credits: fan.credits, paidCredits: fan.paidCredits },
      spend: { free: 0, paid: 0 },
      outOfCredits: undefined,
      replyQueued: false,
      safetyReply: earlier.answer?.isSafetyReply ?? false,
      repeated: true,
    };
  }
  // The twin's own creator testing it pays nothing and is no fan: no earnings, no engagement counted.
  const testChat = isTestChat(viewer, chat);
  // The age gate (docs/safety.md): a twin above SAFE answers only a fan whose age is known.
  if (!testChat && needsAgeConfirmation(row.boundaries.contentLevel, fan)) {
    throw new DomainError('AGE_UNCONFIRMED', 'Please confirm your age before chatting with this twin.');
  }
  const messageId = newId();

  // The crisis protocol (docs/safety.md) comes before everything else: a message that speaks of
  // suicide or self-harm, or any message while the twin is paused here, gets the safety reply at
  // once, free, instead of the twin (no boundary refusal, no out-of-credits answer, no model).
  const crisis = await planCrisisAnswer(tx, {
    chatId: chat.id,
    now,
    personaPausedUntil: chat.personaPausedUntil,
    crisis: input.crisis,
  });

  // The creator's boundaries (docs/chat-engine.md, Boundaries): a message that crosses them is
  // stored, costs nothing, is flagged, and gets the twin's refusal at once instead of the model.
  const boundary = checkFanMessage(input.text, { ...row.boundaries, fanIsMinor: fan.declaredMinorAt !== null });
  const crossing = crisis ? null : boundary.crossing;

  // While the fan's subscription to this twin is paid, messages cost nothing (unlocks still do).
  const subscribed = subscribedToTwin && chat.userId === viewer.id;
  const price = subscribed || testChat ? 0 : talent.creditsToSendMessage;
  const spend = crossing || crisis ? { free: 0, paid: 0 } : planSpend(fan, price);
  const outOfCredits = spend ? undefined : outOfCreditsAnswer(talent, fan.isAnonymous);
  // The twin's out-of-credits answer is said once per situation: asked again while it is still the
  // twin's latest word, the send is refused and nothing is stored (the messenger says what to do).
  if (outOfCredits) await refuseRepeatedOutOfCredits(tx, chat.id, outOfCredits);
  const staticAnswer =
    spend && !crossing && !crisis ? starterAnswer(talent.chatMessageSuggestions, input.suggestionId) : undefined;
  const immediateText = crisis ? crisis.text : crossing ? refusalText(messageId) : (outOfCredits?.text ?? staticAnswer);

  // The reminders due (docs/safety.md): the AI notice every three hours of conversation, and a
  // known minor's break reminder with it, stored just before the fan's message, never charged.
  const fanIsMinor = fan.declaredMinorAt !== null || boundary.declaresMinor;
  const reminders = reminderRows({ chatId: chat.id, twinName: talent.name, since: toldAt, now, fanIsMinor });

  // Explicit, increasing timestamps: the fan's message sorts before the twin's immediate answer.
  // What it cost is kept on it, so a refusal by the reply job can give exactly that back.
  const rows: (typeof chatMessages.$inferInsert)[] = [
    ...reminders,
    {
      id: messageId,
      chatId: chat.id,
      senderType: 'USER',
      text: input.text,
      idempotencyKey: input.idempotencyKey,
      spentFreeCredits: spend?.free ?? 0,
      spentPaidCredits: spend?.paid ?? 0,
      createdAt: now,
    },
  ];
  const replyId = immediateText === undefined ? undefined : newId();
  if (replyId !== undefined && immediateText !== undefined) {
    // replyToMessageId marks the fan message as answered, so no reply job can answer it again.
    rows.push({
      id: replyId,
      chatId: chat.id,
      senderType: 'TALENT',
      text: immediateText,
      replyToMessageId: messageId,
      callToAction: outOfCredits ? callToActionOf[outOfCredits.kind] : null,
      isSafetyReply: crisis !== null,
      createdAt: new Date(now.getTime() + immediateAnswerDelayMs),
    });
  }

  // Flags are set once and never cleared; the row is locked, so "was it off?" is exact.
  const paid = (spend?.paid ?? 0) > 0;
  const isManager = managesTalent(viewer, chat.talentId);
  const becameAuthenticated = !testChat && !fan.isAnonymous && !chat.hasUserInteractionWithNonAnonymousUser;
  // A chat counts once among the twin's paying chats: its first paid-credit or subscribed message.
  const wasPaying = chat.hasUserInteractionWithPaidCredits || chat.hasUserInteractionWithSubscription;
  const becamePaying = !testChat && (paid || subscribed) && !wasPaying;
  const earning =
    spend && spend.paid > 0
      ? planEarning(shares, {
          talentId: chat.talentId,
          source: 'sendMessage',
          paidCredits: spend.paid,
          ledgerKey: `message:${messageId}`,
          at: now,
        })
      : undefined;
  const replyQueued = immediateText === undefined;

  const events: ChangeEvent[] = [...rows.map((message) => messageChanged(ref, message.id as string)), chatChanged(ref)];
  const flag = crossing ? insertBoundaryFlag(tx, { chat: ref, messageId, side: 'FAN', crossing }) : undefined;
  if (flag) events.push(flag.event);
  const safety = crisis ? crisisWrites(tx, crisis, ref, messageId, now) : undefined;
  if (safety) events.push(...safety.events);
  // The replies the twin still owed in this chat are not sent after the safety reply: what those
  // messages cost is given back (stand-down.ts). Only here, one read, for a crisis message.
  if (crisis) events.push(...(await standDownOwedReplies(tx, ref, now)));
  if (spend && (spend.free > 0 || spend.paid > 0)) events.push(balanceChanged(viewer.id));
  if (becameAuthenticated || becamePaying) events.push(talentNumbersChanged('metric_frames', chat.talentId));
  if (earning) {
    events.push(talentNumbersChanged('earning_frames', chat.talentId));
    if (earning.referralTalentId && earning.referralMicroUsd > 0) {
      events.push(talentNumbersChanged('earning_frames', earning.referralTalentId));
    }
  }

  // Every write depends only on the rows locked above, so they are issued together: postgres.js
  // pipelines them on the transaction's connection, one round trip instead of one each. The
  // earning is its ledger entries; the database adds them to the twin's frames (rows every paying
  // fan shares) at COMMIT, so no send holds those rows while it finishes (docs/payouts.md).
  const flags = {
    hasUserInteraction: true,
    hasUserInteractionWithNonAnonymousUser: chat.hasUserInteractionWithNonAnonymousUser || !fan.isAnonymous,
    hasUserInteractionWithPaidCredits: chat.hasUserInteractionWithPaidCredits || paid,
    hasUserInteractionWithSubscription: chat.hasUserInteractionWithSubscription || subscribed,
    hasUserInteractionWithManager: chat.hasUserInteractionWithManager || isManager,
  };
  const [fanRow] = rows.filter((row) => row.id === messageId);
  const [balance, inserted] = await Promise.all([
    spend ? debit(tx, viewer.id, spend) : { credits: fan.credits, paidCredits: fan.paidCredits },
    (rows.length === 1 && fanRow
      ? insertFanMessageStatement(tx, {
          id: messageId,
          chatId: chat.id,
          text: input.text,
          idempotencyKey: input.idempotencyKey,
          spentFreeCredits: fanRow.spentFreeCredits,
          spentPaidCredits: fanRow.spentPaidCredits,
          createdAt: now,
        })
      : tx.insert(chatMessages).values(rows).returning()) as Promise<ChatMessageRow[]>,
    crisis
      ? tx
          .update(chats)
          .set({
            chatMessageCount: sql`${chats.chatMessageCount} + ${rows.length}`,
            ...flags,
            lastUserMessageAt: now,
            updatedAt: now,
            ...(crisis.signal ? { needsSafetyReview: true } : {}),
            ...(crisis.pauseUntil ? { personaPausedUntil: crisis.pauseUntil } : {}),
          })
          .where(eq(chats.id, chat.id))
      : updateChatStatement(tx, {
          chatId: chat.id,
          added: rows.length,
          nonAnonymous: flags.hasUserInteractionWithNonAnonymousUser,
          paidCredits: flags.hasUserInteractionWithPaidCredits,
          subscription: flags.hasUserInteractionWithSubscription,
          manager: flags.hasUserInteractionWithManager,
          now: now.toISOString(),
        }),
    bumpMetrics(tx, chat.talentId, {
      chatWithAuthenticationCount: becameAuthenticated ? 1 : 0,
      chatWithPaymentCount: becamePaying ? 1 : 0,
    }),
    replyQueued
      ? deps.replies.enqueueReply(tx, replyJob(chat.id, messageId, input.moderation), events)
      : recordChanges(tx, events),
    earning ? bookPaidSpend(tx, earning) : undefined,
    flag?.write,
    ...(safety?.writes ?? []),
    // Said once, kept for good: every twin then stays SAFE with this fan.
    boundary.declaresMinor ? tx.update(users).set({ declaredMinorAt: now }).where(eq(users.id, viewer.id)) : undefined,
  ]);

  const byId = new Map(inserted.map((message) => [message.id, message]));
  const message = byId.get(messageId);
  if (!message) throw new Error('the inserted message was not returned');
  const reply = replyId ? byId.get(replyId) : undefined;
  return {
    chat: ref,
    notices: reminders.flatMap((notice) => {
      const stored = byId.get(notice.id as string);
      return stored ? [toMessageView(stored, context)] : [];
    }),
    message: toMessageView(message, context),
    reply: reply ? toMessageView(reply, context) : undefined,
    balance,
    spend,
    outOfCredits: outOfCredits?.kind,
    replyQueued,
    safetyReply: crisis !== null,
    repeated: false,
  };
}
