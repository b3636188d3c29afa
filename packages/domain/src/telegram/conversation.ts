// A fan's turn in Telegram (docs/telegram.md): one stored update becomes what the app would do
// with the same message. The Telegram user chats as a Doppel fan (anonymous, with the app's free
// credits, until they link their account); text goes through the app's own send path (credits,
// boundaries, the crisis protocol, reminders, the AI reply and memory); /start greets with the
// twin's welcome messages; /link gives a one-time link to the app. The worker job
// (apps/worker/src/jobs/telegram-update.ts) writes the AI reply, sends the messages and marks the
// update processed. A voice note is heard first (speech to text, docs/speech-to-text.md) and its
// transcript then goes the same way as text.
import { createHash, randomBytes } from 'node:crypto';
import {
  chatMessages,
  chats,
  type Database,
  type Executor,
  type MessageAttachment,
  recordChanges,
  type Transaction,
  talentManagers,
  talents,
  telegramBots,
  telegramFans,
  telegramLinkTokens,
  telegramUpdates,
  users,
} from '@doppel/db';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Viewer } from '../access/scopes.ts';
import { createAnonymousFan } from '../chat/fans/anonymous-fans.ts';
import { openChat } from '../chat/fans/open-chat.ts';
import { chatHasUnlockedImage } from '../chat/messages/unlocked-image.ts';
import type { ChatReplyJob } from '../chat/ports.ts';
import { countryFromRequest } from '../chat/safety/safety-reply.ts';
import { sendChatMessage } from '../chat/send/send-message.ts';
import { unlockPrice } from '../chat/unlock/prices.ts';
import { unlockAttachment } from '../chat/unlock/unlock-attachment.ts';
import { DomainError } from '../errors.ts';
import type { CrisisCheck } from '../ports/crisis-check.ts';
import { assertSpeechWithinLimits, type SpeechToText, SpeechToTextError, speechMessages } from '../ports/speech-to-text.ts';
import { type TelegramButton, TelegramError, type TelegramLinkButton, type TelegramPort } from '../ports/telegram.ts';
import { type TelegramFileRef, type TelegramOutgoing, type TelegramTarget, telegramFileOf } from './delivery.ts';
import { openTelegramToken, type TelegramTokenKeys } from './token-crypto.ts';

/** A message of a turn; keyed `update:{id}:{n}` by its place unless it names its own key. */
type TurnMessage =
  | { key?: string; text: string; button?: TelegramButton }
  | { key?: string; file: TelegramFileRef; caption?: string };

/** What the job does with one update. */
export type TelegramTurn =
  | { kind: 'skip'; reason: 'gone' | 'processed' }
  | {
      kind: 'answer';
      target: TelegramTarget;
      /** A button press to answer (answerCallbackQuery), with a short notice. */
      callback?: { id: string; text?: string };
      /** Sent first, in order (the twin's immediate answers, reminders, command answers). */
      messages: TelegramOutgoing[];
      /** The fan message whose AI reply the job writes, then sends; absent: nothing more to write. */
      reply?: ChatReplyJob;
      outcome: string;
      /** What went wrong on our side although the fan was answered (a voice note not heard), for the log. */
      problem?: string;
    };

/** A one-time /link link is good for this long. */
export const telegramLinkTtlMs = 30 * 60 * 1000;

type IncomingMessage = {
  from?: { id?: unknown; is_bot?: unknown; language_code?: unknown };
  chat?: { id?: unknown; type?: unknown };
  text?: unknown;
  /** A voice note (recorded in Telegram) or an audio file: both are heard. */
  voice?: IncomingAudio;
  audio?: IncomingAudio;
};

type IncomingAudio = { file_id?: unknown; duration?: unknown; file_size?: unknown; mime_type?: unknown };

type IncomingCallback = {
  id?: unknown;
  from?: { id?: unknown; is_bot?: unknown };
  data?: unknown;
  message?: { chat?: { id?: unknown; type?: unknown } };
};

/** The inline button under a locked attachment: `u:{messageId}:{attachment index}` (callback_data, at most 64 bytes). */
const unlockData = (messageId: string, index: number) => `u:${messageId}:${index}`;
const parseUnlockData = (data: string) => {
  const match = /^u:([A-Za-z0-9_-]{1,50}):(\d{1,3})$/.exec(data);
  return match ? { messageId: match[1] as string, attachmentId: match[2] as string } : undefined;
};

const hashToken = (token: string) => createHash('sha256').update(`telegram-link:${token}`).digest('hex');

export function telegramLinkTokenHash(token: string): string {
  return hashToken(token);
}

/** The Doppel fan of a Telegram user: found, or made now as an anonymous fan with the app's free credits. */
async function telegramFanOf(tx: Transaction, telegramUserId: number, freeCredits: number): Promise<string> {
  const [known] = await tx
    .select({ userId: telegramFans.userId })
    .from(telegramFans)
    .where(eq(telegramFans.telegramUserId, telegramUserId));
  if (known) return known.userId;
  // No address: Telegram hides it. One fan per Telegram user is the limit instead.
  const userId = await createAnonymousFan(tx, { freeCredits, address: undefined });
  const [made] = await tx
    .insert(telegramFans)
    .values({ telegramUserId, userId })
    .onConflictDoNothing()
    .returning({ userId: telegramFans.userId });
  if (made) return made.userId;
  // Another update of the same user (another twin's bot) made it first: this transaction's fan is dropped with it.
  throw new Error('the Telegram fan was created concurrently; retry');
}

async function viewerOf(db: Executor, userId: string): Promise<NonNullable<Viewer>> {
  const [[user], managed] = await Promise.all([
    db.select({ role: users.role }).from(users).where(eq(users.id, userId)),
    db.select({ talentId: talentManagers.talentId }).from(talentManagers).where(eq(talentManagers.userId, userId)),
  ]);
  return { id: userId, role: user?.role ?? 'USER', managedTalentIds: managed.map((row) => row.talentId) };
}

/** A one-time link to the app that moves this Telegram fan into the account signed in there. */
async function createLinkUrl(tx: Executor, input: { telegramUserId: number; talentId: string; publicUrl: string; now: Date }) {
  const token = randomBytes(24).toString('base64url');
  await tx.insert(telegramLinkTokens).values({
    tokenHash: hashToken(token),
    telegramUserId: input.telegramUserId,
    talentId: input.talentId,
    expiresAt: new Date(input.now.getTime() + telegramLinkTtlMs),
  });
  return `${input.publicUrl.replace(/\/+$/, '')}/telegram/link?token=${token}`;
}

const helpText =
  'Send me a message and I will answer. /link connects this chat to your Doppel account, so your credits and memories are in one place.';

/**
 * Reads the update and does the app's part of it: the fan's message stored and charged (or
 * answered at once), or the command answered. Safe to run again for the same update (a retried
 * job): the send is keyed by the update, so a second run finds the stored message.
 */
export async function prepareTelegramTurn(deps: TurnDeps, updateId: string): Promise<TelegramTurn> {
  const turn = await prepareTurn(deps, updateId);
  if (turn.kind === 'skip') return turn;
  const messages = turn.messages.map((message, position) => ({
    ...message,
    key: message.key ?? `update:${updateId}:${position}`,
  }));
  return { ...turn, messages };
}

type TurnDeps = {
  db: Database;
  crisisCheck: CrisisCheck;
  freeCredits: number;
  publicUrl: string;
  /** The key bot tokens are sealed with at rest (token-crypto.ts). */
  tokenKey: TelegramTokenKeys;
  /** Hearing voice notes: the engine and the Bot API's file download; absent, voice notes get the type-instead line. */
  speech?: { speechToText: SpeechToText; telegram: Pick<TelegramPort, 'downloadFile'> };
  now?: () => Date;
};
type InnerTurn =
  | Exclude<TelegramTurn, { kind: 'answer' }>
  | (Omit<Extract<TelegramTurn, { kind: 'answer' }>, 'messages'> & { messages: TurnMessage[] });

async function prepareTurn(deps: TurnDeps, updateId: string): Promise<InnerTurn> {
  const { db } = deps;
  const now = deps.now?.() ?? new Date();
  const [row] = await db
    .select({
      update: telegramUpdates,
      token: telegramBots.token,
      linkedBotId: telegramBots.botId,
      tag: talents.tag,
      twinName: talents.name,
    })
    .from(telegramUpdates)
    .innerJoin(talents, eq(talents.id, telegramUpdates.talentId))
    .leftJoin(telegramBots, eq(telegramBots.talentId, telegramUpdates.talentId))
    .where(eq(telegramUpdates.id, updateId));
  if (!row) return { kind: 'skip', reason: 'gone' };
  if (row.update.processedAt) return { kind: 'skip', reason: 'processed' };
  const { update } = row;
  // The bot was unlinked (or replaced) since: nothing is said with a token that is not the twin's now.
  if (!row.token || row.linkedBotId !== update.botId || !row.tag) {
    await finishTelegramTurn(db, updateId, 'unlinked');
    return { kind: 'skip', reason: 'processed' };
  }
  const callback = update.payload.callback_query as IncomingCallback | undefined;
  const message = update.payload.message as IncomingMessage | undefined;
  const sender = callback?.from ?? message?.from;
  const chat = callback?.message?.chat ?? message?.chat;
  const telegramUserId = sender?.id;
  const chatId = chat?.id;
  // Private chats with a person only: groups and channels are not a fan's conversation.
  if (
    (!message && !callback) ||
    typeof telegramUserId !== 'number' ||
    typeof chatId !== 'number' ||
    chat?.type !== 'private' ||
    sender?.is_bot === true
  ) {
    await finishTelegramTurn(db, updateId, 'ignored');
    return { kind: 'skip', reason: 'processed' };
  }
  const target: TelegramTarget = {
    talentId: update.talentId,
    botId: update.botId,
    token: openTelegramToken(deps.tokenKey, row.token),
    chatId,
  };
  const base = { kind: 'answer' as const, target };
  let text = typeof message?.text === 'string' ? message.text.trim() : '';
  const audio = !callback && text === '' ? (message?.voice ?? message?.audio) : undefined;
  const spoken = audio !== undefined;
  if (audio) {
    // Heard before the fan is made: a note that cannot be heard is answered, and nothing is charged.
    const heard = await hearVoiceNote(deps, {
      audio,
      token: target.token,
      talentId: update.talentId,
      telegramUserId,
      idempotencyKey: `telegram:${update.botId}:${update.updateId}`,
    });
    if ('line' in heard) {
      return {
        ...base,
        messages: [{ text: heard.line }],
        outcome: heard.outcome,
        ...(heard.problem ? { problem: heard.problem } : {}),
      };
    }
    text = heard.text;
  }
  if (!callback && text === '') {
    // A photo (or anything else without words) is answered with a line saying so.
    return {
      ...base,
      messages: [{ text: 'I read text messages only, here as in the app. Type your message and I will answer.' }],
      outcome: 'unsupported',
    };
  }
  const tag = row.tag;
  const userId = await db.transaction((tx) => telegramFanOf(tx, telegramUserId, deps.freeCredits));
  const viewer = await viewerOf(db, userId);
  const appButton = async (label: string): Promise<TelegramLinkButton> => {
    const [fan] = await db.select({ isAnonymous: users.isAnonymous }).from(users).where(eq(users.id, userId));
    // A fan who linked their account buys in the app signed in; an anonymous one links on the way.
    const url = fan?.isAnonymous
      ? await createLinkUrl(db, { telegramUserId, talentId: update.talentId, publicUrl: deps.publicUrl, now })
      : `${deps.publicUrl.replace(/\/+$/, '')}/chat/${encodeURIComponent(tag)}`;
    return { text: label, url };
  };

  if (callback) {
    const callbackId = typeof callback.id === 'string' ? callback.id : '';
    const unlock = typeof callback.data === 'string' ? parseUnlockData(callback.data) : undefined;
    if (!unlock) return { ...base, callback: { id: callbackId }, messages: [], outcome: 'ignored' };
    return unlockFromTelegram(db, { viewer, unlock, callbackId, base, appButton });
  }

  // Words the fan spoke are never a command.
  const command = spoken ? undefined : /^\/([a-z_]+)(?:@\w+)?(?:\s|$)/i.exec(text)?.[1]?.toLowerCase();
  if (command === 'start') {
    const opened = await db
      .transaction((tx) => openChat(tx, viewer, { talentTag: tag }))
      .catch((error: unknown) => {
        // A twin hidden from fans (or gone): said in the chat instead of failing the job again and again.
        if (error instanceof DomainError && error.code !== 'UNAUTHENTICATED') return error;
        throw error;
      });
    if (opened instanceof DomainError) return { ...base, messages: [{ text: opened.message }], outcome: 'refused' };
    const welcome = await welcomeMessagesOf(db, update.talentId);
    return {
      ...base,
      messages: welcome.length > 0 ? welcome : [{ text: `Hi! I am ${row.twinName}'s AI twin. Send me a message.` }],
      outcome: 'welcomed',
    };
  }
  if (command === 'link') {
    const [fan] = await db.select({ isAnonymous: users.isAnonymous }).from(users).where(eq(users.id, userId));
    if (!fan?.isAnonymous)
      return {
        ...base,
        messages: [{ text: 'This Telegram is linked to your Doppel account already.' }],
        outcome: 'linked-already',
      };
    const button = await appButton('Link my account');
    return {
      ...base,
      messages: [
        {
          text: 'Open this link and sign in to keep your credits and memories in one place. It works once, within 30 minutes.',
          button,
        },
      ],
      outcome: 'link-sent',
    };
  }
  if (command !== undefined) return { ...base, messages: [{ text: helpText }], outcome: 'help' };

  // The app's send path, exactly: the crisis check first (a network call with OpenAI), then the send transaction.
  const language = typeof message?.from?.language_code === 'string' ? message.from.language_code : undefined;
  const checked = await deps.crisisCheck.check(text);
  const crisis = { signal: checked.crisis, country: countryFromRequest({ acceptLanguage: language }) };
  let queued: ChatReplyJob | undefined;
  try {
    const result = await db.transaction(async (tx) => {
      const opened = await openChat(tx, viewer, { talentTag: tag });
      const sent = await sendChatMessage(
        tx,
        viewer,
        {
          chatId: opened.chat.id,
          text,
          idempotencyKey: `telegram:${update.botId}:${update.updateId}`,
          crisis,
          moderation: checked.moderation,
        },
        {
          // The job writes the reply itself right after this commit, so its chat's order holds.
          replies: {
            enqueueReply: async (jobTx, job, changes) => {
              queued = job;
              await recordChanges(jobTx, changes);
            },
          },
        },
      );
      // The transcript is the fan's message; the messenger marks it as spoken (docs/speech-to-text.md).
      if (spoken) await tx.update(chatMessages).set({ spoken: true }).where(eq(chatMessages.id, sent.message.id));
      return sent;
    });
    const messages: TurnMessage[] = result.notices.map((notice) => ({ text: notice.text }));
    if (result.reply) {
      const button = result.outOfCredits ? await appButton('Get more credits') : undefined;
      messages.push({ text: result.reply.text, ...(button ? { button } : {}) });
      return { ...base, messages, outcome: result.outOfCredits ? 'out-of-credits' : result.safetyReply ? 'safety' : 'answered' };
    }
    const reply = queued ?? { chatId: result.chat.id, messageId: result.message.id };
    return { ...base, messages, reply, outcome: 'answered' };
  } catch (error) {
    // Refusals the app shows as a message (the age gate, the out-of-credits answer already given):
    // said in the chat with a button to the app, where the fan can act on them.
    if (!(error instanceof DomainError) || error.code === 'UNAUTHENTICATED') throw error;
    return { ...base, messages: [{ text: error.message, button: await appButton('Open in the app') }], outcome: 'refused' };
  }
}

/**
 * /start's messages: each welcome message's text, then its pictures and voice notes the creator
 * sent unlocked, as files. A locked one stays in the app, where the fan sees its locked copy.
 */
async function welcomeMessagesOf(db: Executor, talentId: string): Promise<TurnMessage[]> {
  const [twin] = await db.select({ welcome: talents.initialChatMessages }).from(talents).where(eq(talents.id, talentId));
  return (twin?.welcome ?? []).flatMap((message) => {
    const text = message.text.trim();
    const files = (message.attachments ?? []).filter((a) => a.isUnlocked).map((a) => ({ file: telegramFileOf(a) }));
    return [...(text === '' ? [] : [{ text }]), ...files];
  });
}

type Heard = { text: string } | { line: string; outcome: string; problem?: string };

/** OpenAI reads the format from the extension; Telegram names voice notes .oga, which it does not know. */
function clipFileName(filePath: string): string {
  const extension = /\.([a-z0-9]{1,5})$/i.exec(filePath)?.[1]?.toLowerCase() ?? 'ogg';
  return `voice.${extension === 'oga' || extension === 'opus' ? 'ogg' : extension}`;
}

const numberOrNull = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * The words of a voice note: the limits checked on what the update declares (before any
 * download), the file downloaded (getFile), then transcribed. A retried job reuses the transcript
 * its first run sent (found by the send's key), so it neither hears the note again nor sends other
 * words under the same key. Anything that keeps the note from being heard is answered with a line.
 */
async function hearVoiceNote(
  deps: TurnDeps,
  input: { audio: IncomingAudio; token: string; talentId: string; telegramUserId: number; idempotencyKey: string },
): Promise<Heard> {
  const [stored] = await deps.db
    .select({ text: chatMessages.text })
    .from(telegramFans)
    .innerJoin(chats, and(eq(chats.userId, telegramFans.userId), eq(chats.talentId, input.talentId)))
    .innerJoin(chatMessages, and(eq(chatMessages.chatId, chats.id), eq(chatMessages.idempotencyKey, input.idempotencyKey)))
    .where(eq(telegramFans.telegramUserId, input.telegramUserId))
    .limit(1);
  if (stored) return { text: stored.text };
  const speech = deps.speech;
  if (!speech?.speechToText.available) return { line: speechMessages.UNAVAILABLE, outcome: 'voice-unavailable' };
  const fileId = typeof input.audio.file_id === 'string' ? input.audio.file_id : '';
  const durationSeconds = numberOrNull(input.audio.duration);
  try {
    assertSpeechWithinLimits({ byteLength: numberOrNull(input.audio.file_size), durationSeconds });
    const file = await speech.telegram.downloadFile(input.token, fileId);
    const contentType = typeof input.audio.mime_type === 'string' ? input.audio.mime_type : 'audio/ogg';
    const transcript = await speech.speechToText.transcribe({
      bytes: file.bytes,
      fileName: clipFileName(file.filePath),
      contentType,
      durationSeconds,
    });
    return { text: transcript.text };
  } catch (error) {
    if (error instanceof SpeechToTextError) {
      return {
        line: speechMessages[error.code],
        outcome: `voice-${error.code.toLowerCase().replace('_', '-')}`,
        ...(error.code === 'FAILED' ? { problem: error.message } : {}),
      };
    }
    if (error instanceof TelegramError) return { line: speechMessages.FAILED, outcome: 'voice-failed', problem: error.message };
    throw error;
  }
}

/**
 * The button press under a locked attachment: the app's own unlock (the fan's balance and the
 * message locked, charged once: a second press finds it unlocked and charges nothing), then the
 * file itself, keyed by the attachment so a second press does not send it twice.
 */
async function unlockFromTelegram(
  db: Database,
  input: {
    viewer: NonNullable<Viewer>;
    unlock: { messageId: string; attachmentId: string };
    callbackId: string;
    base: { kind: 'answer'; target: TelegramTarget };
    appButton: (label: string) => Promise<TelegramLinkButton>;
  },
): Promise<InnerTurn> {
  const { base, unlock, callbackId } = input;
  const [message] = await db
    .select({ chatId: chatMessages.chatId })
    .from(chatMessages)
    .where(eq(chatMessages.id, unlock.messageId));
  try {
    const result = await db.transaction((tx) =>
      unlockAttachment(tx, input.viewer, {
        chatId: message?.chatId ?? '',
        messageId: unlock.messageId,
        attachmentId: unlock.attachmentId,
      }),
    );
    const [row] = await db
      .select({ attachments: chatMessages.attachments })
      .from(chatMessages)
      .where(eq(chatMessages.id, unlock.messageId));
    const attachment = row?.attachments[Number(unlock.attachmentId)];
    if (!attachment) throw new DomainError('NOT_FOUND', 'This attachment does not exist.');
    return {
      ...base,
      callback: { id: callbackId, text: result.spend ? 'Unlocked' : 'Unlocked already' },
      messages: [{ key: `unlock:${unlock.messageId}:${unlock.attachmentId}`, file: telegramFileOf(attachment) }],
      outcome: result.spend ? 'unlocked' : 'unlocked-already',
    };
  } catch (error) {
    if (!(error instanceof DomainError) || error.code === 'UNAUTHENTICATED') throw error;
    if (error.code === 'INSUFFICIENT_CREDITS') {
      return {
        ...base,
        callback: { id: callbackId, text: 'Not enough credits' },
        messages: [{ text: error.message, button: await input.appButton('Get more credits') }],
        outcome: 'out-of-credits',
      };
    }
    return { ...base, callback: { id: callbackId, text: error.message.slice(0, 200) }, messages: [], outcome: 'refused' };
  }
}

/**
 * A twin's message as the bot sends it: its text, then each attachment, a free one as the file
 * itself (sendPhoto, sendVoice or sendAudio) and a locked one as a line with an "Unlock for N
 * credits" button, at the app's prices (the first-image price while the chat has no unlocked picture).
 */
export async function telegramMessagesOf(
  db: Executor,
  message: { id: string; chatId: string; text: string; attachments: MessageAttachment[] },
): Promise<TelegramOutgoing[]> {
  const out: TelegramOutgoing[] = [];
  const text = message.text.trim();
  if (text !== '') out.push({ key: `message:${message.id}:text`, text });
  if (message.attachments.length === 0) return out;
  const [prices] = await db
    .select({
      creditsToUnlockImage: talents.creditsToUnlockImage,
      creditsToUnlockAudio: talents.creditsToUnlockAudio,
      creditsToUnlockFirstImage: talents.creditsToUnlockFirstImage,
    })
    .from(chats)
    .innerJoin(talents, eq(talents.id, chats.talentId))
    .where(eq(chats.id, message.chatId));
  const hasUnlockedImage = await chatHasUnlockedImage(db, message.chatId);
  message.attachments.forEach((attachment, index) => {
    const key = `message:${message.id}:${index}`;
    if (attachment.isUnlocked || !prices) {
      if (attachment.isUnlocked) out.push({ key, file: telegramFileOf(attachment) });
      return;
    }
    const price = unlockPrice(attachment.type, prices, hasUnlockedImage);
    const what = attachment.type === 'IMAGE' ? 'a picture' : 'a voice note';
    out.push({
      key,
      text: `🔒 I sent you ${what}.`,
      button: {
        text: price === 0 ? 'Unlock for free' : `Unlock for ${price} credit${price === 1 ? '' : 's'}`,
        callbackData: unlockData(message.id, index),
      },
    });
  });
  return out;
}

/** The twin's reply to the fan message, once written (none while held for the creator's approval). */
export async function telegramReplyMessages(db: Executor, job: ChatReplyJob): Promise<TelegramOutgoing[]> {
  const rows = await db
    .select({ id: chatMessages.id, chatId: chatMessages.chatId, text: chatMessages.text, attachments: chatMessages.attachments })
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, job.chatId), eq(chatMessages.replyToMessageId, job.messageId)))
    .orderBy(asc(chatMessages.createdAt));
  const out: TelegramOutgoing[] = [];
  for (const row of rows) out.push(...(await telegramMessagesOf(db, row)));
  return out;
}

/** Marks the update processed: a later run of its job (a retry, a redelivery) does nothing. */
export async function finishTelegramTurn(db: Executor, updateId: string, outcome: string): Promise<void> {
  await db
    .update(telegramUpdates)
    .set({ processedAt: new Date(), outcome })
    .where(and(eq(telegramUpdates.id, updateId), isNull(telegramUpdates.processedAt)));
}
