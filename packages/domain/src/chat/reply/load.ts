// Everything one reply reads: the fan's message and chat, the twin, the app config and the recent
// history in one round trip; the gallery and the images already sent when the reply carries one.
import {
  appConfigs,
  chatMessages,
  chats,
  defaultAppId,
  type Executor,
  type FanMemoryKind,
  fanMemories,
  type MessageAttachment,
  models,
  modelVersions,
  replyDrafts,
  staticAttachments,
  talentConfigs,
  talentManagers,
  talents,
  users,
} from '@doppel/db';
import { and, asc, desc, eq, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { BoundaryRules } from '../boundaries/rules.ts';
import { memoryPromptLimit } from '../memory/prompt-section.ts';
import { safetyReplyCameAfter } from '../safety/stand-down.ts';
import { builtOnce } from '../send/built-once.ts';
import { holdsReplies } from './approval-mode.ts';
import { replyPersona } from './persona.ts';
import { type HistoryMessage, type ReplyPersona, replyHistoryLimit } from './prompt.ts';

export type ReplyContext = {
  message: { id: string; chatId: string; text: string; createdAt: Date };
  chat: { id: string; talentId: string; userId: string };
  talent: {
    id: string;
    creditsToUnlockFirstImage: number | null;
    conversationStarters: Array<{ text: string; answer: string | null }>;
  };
  config: {
    persona: ReplyPersona;
    voice: { id: string; stability: number; similarityBoost: number; style: number; model: string } | null;
    faqId: string | null;
    llmModelId: string;
    llmFineTunedModelId: string | null;
    llmTemperature: number;
    /** Where the fine-tuned model is served: its default version's provider; null without one. */
    route: ReplyModelRoute | null;
  };
  appConfig: typeof appConfigs.$inferSelect;
  isTalentManager: boolean;
  history: HistoryMessage[];
  /** The fan's newest memories with this twin, at most `memoryPromptLimit`, newest first. */
  memories: Array<{ id: string; kind: FanMemoryKind; text: string }>;
  /** The creator's boundaries and whether this fan said they are under 18: the reply is checked against them. */
  boundaries: BoundaryRules;
  /** Approval mode holds this reply as a draft for the creator (the fan's chat, else the twin's setting). */
  holdForApproval: boolean;
};

/**
 * Where a twin's fine-tuned model answers (docs/fine-tuning.md#how-replies-route): OpenAI's and the
 * offline engine's as the main model does, Together's at Together's OpenAI-compatible endpoint, a
 * registered version at its own endpoint with its key.
 */
export type ReplyModelRoute = {
  provider: 'openai' | 'together' | 'offline' | 'custom';
  endpointUrl: string | null;
  endpointApiKey: string | null;
};

/**
 * The route of the twin's model's default version, when it is the fine-tuned model the twin answers
 * with (an admin may have pointed the twin elsewhere since): at most one row. Shared by replies and
 * quality checks of the twin's current setup.
 */
export function defaultRouteOf(db: Executor, talentId: string | SQL) {
  return db
    .select({
      provider: modelVersions.provider,
      endpointUrl: modelVersions.endpointUrl,
      endpointApiKey: modelVersions.endpointApiKey,
    })
    .from(talentConfigs)
    .innerJoin(models, eq(models.talentId, talentConfigs.id))
    .innerJoin(
      modelVersions,
      and(eq(modelVersions.id, models.defaultVersionId), eq(modelVersions.fineTunedModelId, talentConfigs.llmFineTunedModelId)),
    )
    .where(sql`${talentConfigs.id} = ${talentId}`)
    .limit(1);
}

export type LoadResult =
  | { kind: 'ready'; context: ReplyContext }
  | { kind: 'answered'; replyMessageId: string }
  | { kind: 'skip'; reason: string };

/** The id of the TALENT message answering `messageId`, if one exists. */
export async function findReply(db: Executor, messageId: string): Promise<string | undefined> {
  const [reply] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(eq(chatMessages.replyToMessageId, messageId))
    .limit(1);
  return reply?.id;
}

// The reply's reads, built once per process (drizzle spent about 15 % of the worker's CPU building
// SQL, these selects of whole rows the most): each is prepared with the job's chat and message as
// placeholders (send/built-once.ts), so only the values change from one reply to the next.
const chatId = sql.placeholder('chatId');
const messageId = sql.placeholder('messageId');
type ReplyKeys = { chatId: string; messageId: string };

const messageStatement = builtOnce('reply_message', (db) => {
  const reply = alias(chatMessages, 'reply');
  return db
    .select({
      message: {
        id: chatMessages.id,
        chatId: chatMessages.chatId,
        text: chatMessages.text,
        createdAt: chatMessages.createdAt,
        senderType: chatMessages.senderType,
      },
      chat: { id: chats.id, talentId: chats.talentId, userId: chats.userId },
      replyId: reply.id,
      draftId: replyDrafts.id,
      takenOverAt: chats.takenOverAt,
      chatReplyApproval: chats.replyApproval,
      fanDeclaredMinorAt: users.declaredMinorAt,
      safetyReplyAfter: safetyReplyCameAfter(chatId, messageId),
      // The fan is one of the twin's managers (testing their own twin): the prompt says so.
      fanManagesTwin: sql<boolean>`exists (select 1 from ${talentManagers} where ${talentManagers.talentId} = ${chats.talentId}
        and ${talentManagers.userId} = ${chats.userId})`,
    })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .innerJoin(users, eq(users.id, chats.userId))
    .leftJoin(reply, eq(reply.replyToMessageId, chatMessages.id))
    .leftJoin(replyDrafts, eq(replyDrafts.fanMessageId, chatMessages.id))
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.chatId, chatId)))
    .limit(1);
});
const twinStatement = builtOnce('reply_twin', (db) =>
  db
    .select({ talent: talents, config: talentConfigs })
    .from(chats)
    .innerJoin(talents, eq(talents.id, chats.talentId))
    .leftJoin(talentConfigs, eq(talentConfigs.id, talents.id))
    .where(eq(chats.id, chatId))
    .limit(1),
);

const appConfigStatement = builtOnce('reply_app_config', (db) =>
  db.select().from(appConfigs).where(eq(appConfigs.id, defaultAppId)).limit(1),
);

const historyStatement = builtOnce('reply_history', (db) =>
  db
    .select({ senderType: chatMessages.senderType, text: chatMessages.text, attachments: chatMessages.attachments })
    .from(chatMessages)
    // Compared in SQL: a JS Date drops the microseconds, and the message itself would fall outside.
    .where(
      and(
        eq(chatMessages.chatId, chatId),
        lte(chatMessages.createdAt, sql`(select m.created_at from chat_messages m where m.id = ${messageId})`),
        // Reminders are the product speaking, not the twin: the model never reads them as its own words.
        isNull(chatMessages.notice),
      ),
    )
    .orderBy(desc(chatMessages.createdAt), desc(sql`${chatMessages.id} = ${messageId}`))
    .limit(replyHistoryLimit),
);

// This fan's memories with this twin only: another fan of the same twin never reads them.
const memoriesStatement = builtOnce('reply_memories', (db) =>
  db
    .select({ id: fanMemories.id, kind: fanMemories.kind, text: fanMemories.text })
    .from(fanMemories)
    .innerJoin(chats, and(eq(chats.userId, fanMemories.userId), eq(chats.talentId, fanMemories.talentId)))
    .where(eq(chats.id, chatId))
    .orderBy(desc(fanMemories.createdAt), desc(fanMemories.id))
    .limit(memoryPromptLimit),
);

// The twin's model's default version, when it is the fine-tuned model the twin answers with.
const routeStatement = builtOnce('reply_route', (db) =>
  defaultRouteOf(db, sql`(select c.talent_id from chats c where c.id = ${chatId})`),
);

export async function loadReplyContext(db: Executor, input: ReplyKeys): Promise<LoadResult> {
  // Every read is keyed by the job's chat and message, so all go out together: postgres.js
  // pipelines them in one round trip. When the message turns out to be answered or gone, the
  // other reads were wasted, which is rare (a retried or duplicated job).
  const keys = { chatId: input.chatId, messageId: input.messageId };
  const [[row], [twin], [appConfig], recent, memories, [route]] = await Promise.all([
    messageStatement(db, keys),
    twinStatement(db, keys),
    appConfigStatement(db, {}),
    historyStatement(db, keys),
    memoriesStatement(db, keys),
    routeStatement(db, keys),
  ]);
  // Deleted since it was sent (chat or fan removed): nothing to answer, and retrying will not help.
  if (!row) return { kind: 'skip', reason: 'message not found in chat' };
  if (row.message.senderType !== 'USER') return { kind: 'skip', reason: 'not a fan message' };
  if (row.replyId) return { kind: 'answered', replyMessageId: row.replyId };
  // The creator has taken the chat over: the twin stays silent, also for a job queued before the
  // takeover. Handing back queues a reply for the message still waiting (talent/takeover.ts).
  if (row.takenOverAt) return { kind: 'skip', reason: 'taken over' };
  // The fan got the safety reply after writing this: the twin does not go back to it (the send
  // gave back what it cost; docs/safety.md).
  if (row.safetyReplyAfter) return { kind: 'skip', reason: 'a safety reply came after it' };
  // Drafted already under approval mode: the creator's decision (or the hold limit) settles it.
  if (row.draftId) return { kind: 'skip', reason: 'already drafted' };
  if (!twin) return { kind: 'skip', reason: 'talent not found' };
  if (!appConfig) throw new Error('The app config (id default) is missing: the reply has no prompt templates');

  const { talent, config } = twin;
  return {
    kind: 'ready',
    context: {
      message: { id: row.message.id, chatId: row.message.chatId, text: row.message.text, createdAt: row.message.createdAt },
      chat: row.chat,
      talent: {
        id: talent.id,
        creditsToUnlockFirstImage: talent.creditsToUnlockFirstImage,
        conversationStarters: talent.chatMessageSuggestions.map((starter) => ({
          text: starter.text,
          answer: starter.answer ?? null,
        })),
      },
      config: twinReplyConfig(twin, route),
      appConfig,
      isTalentManager: row.fanManagesTwin,
      history: historyOf(recent),
      memories,
      boundaries: boundariesOf(config, row.fanDeclaredMinorAt),
      holdForApproval: holdsReplies(row.chatReplyApproval, config?.replyApproval ?? false),
    },
  };
}

/** The twin's side of a reply: its persona, voice, FAQ and model, from its talent and config rows. */
function twinReplyConfig(
  { talent, config }: { talent: typeof talents.$inferSelect; config: typeof talentConfigs.$inferSelect | null },
  route: ReplyModelRoute | undefined,
): ReplyContext['config'] {
  return {
    persona: replyPersona(talent, config),
    voice: config?.voice
      ? {
          id: config.voice.id,
          stability: config.voice.stability,
          similarityBoost: config.voice.similarityBoost,
          style: config.voice.style,
          model: config.voice.model,
        }
      : null,
    faqId: config?.faqId ?? null,
    llmModelId: config?.llmModelId ?? 'gpt-3.5-turbo',
    llmFineTunedModelId: config?.llmFineTunedModelId ?? null,
    llmTemperature: config?.llmTemperature ?? 1,
    route: route ?? null,
  };
}

/** The creator's rules a reply is checked against, and whether this fan said they are under 18. */
const boundariesOf = (config: typeof talentConfigs.$inferSelect | null, fanDeclaredMinorAt: Date | null): BoundaryRules => ({
  topics: config?.blockedTopics ?? [],
  contentLevel: config?.contentLevel ?? 'SAFE',
  fanIsMinor: fanDeclaredMinorAt !== null,
});

const historyOf = (recent: Array<{ senderType: HistoryMessage['senderType']; text: string; attachments: MessageAttachment[] }>) =>
  recent.reverse().map((message) => ({
    senderType: message.senderType,
    text: message.text,
    attachmentTypes: message.attachments.map((attachment) => attachment.type),
  }));

/**
 * What the twin reads to write to a fan unasked (a reach-out, docs/reach-out.md): a reply's reads
 * without a fan message to answer, the history being the chat's latest messages. Null: no such chat.
 */
export type UnaskedContext = Pick<ReplyContext, 'chat' | 'config' | 'appConfig' | 'history' | 'memories' | 'boundaries'>;

const latestHistoryStatement = builtOnce('unasked_history', (db) =>
  db
    .select({ senderType: chatMessages.senderType, text: chatMessages.text, attachments: chatMessages.attachments })
    .from(chatMessages)
    .where(and(eq(chatMessages.chatId, chatId), isNull(chatMessages.notice)))
    .orderBy(desc(chatMessages.createdAt))
    .limit(replyHistoryLimit),
);

const unaskedChatStatement = builtOnce('unasked_chat', (db) =>
  db
    .select({ chat: { id: chats.id, talentId: chats.talentId, userId: chats.userId }, fanDeclaredMinorAt: users.declaredMinorAt })
    .from(chats)
    .innerJoin(users, eq(users.id, chats.userId))
    .where(eq(chats.id, chatId))
    .limit(1),
);

export async function loadUnaskedContext(db: Executor, chat: string): Promise<UnaskedContext | null> {
  const keys = { chatId: chat };
  const [[row], [twin], [appConfig], recent, memories, [route]] = await Promise.all([
    unaskedChatStatement(db, keys),
    twinStatement(db, keys),
    appConfigStatement(db, {}),
    latestHistoryStatement(db, keys),
    memoriesStatement(db, keys),
    routeStatement(db, keys),
  ]);
  if (!row || !twin || !appConfig) return null;
  return {
    chat: row.chat,
    config: twinReplyConfig(twin, route),
    appConfig,
    history: historyOf(recent),
    memories,
    boundaries: boundariesOf(twin.config, row.fanDeclaredMinorAt),
  };
}

export type GalleryImage = { id: string; filePath: string; context: string; width: number | null; height: number | null };

export async function loadGallery(db: Executor, talentId: string): Promise<GalleryImage[]> {
  return db
    .select({
      id: staticAttachments.id,
      filePath: staticAttachments.filePath,
      context: staticAttachments.context,
      width: staticAttachments.width,
      height: staticAttachments.height,
    })
    .from(staticAttachments)
    .where(and(eq(staticAttachments.talentId, talentId), eq(staticAttachments.type, 'IMAGE')))
    .orderBy(asc(staticAttachments.createdAt), asc(staticAttachments.id));
}

/** Image file paths this chat's replies already carried, and whether the fan has an unlocked one. */
export async function loadSentImages(db: Executor, chatId: string): Promise<{ paths: Set<string>; anyUnlocked: boolean }> {
  const rows = await db
    .select({ attachments: chatMessages.attachments })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.chatId, chatId),
        isNotNull(chatMessages.replyToMessageId),
        sql`${chatMessages.attachments} @> '[{"type":"IMAGE"}]'::jsonb`,
      ),
    );
  const images = rows.flatMap((row) =>
    row.attachments.filter(
      (attachment): attachment is Extract<MessageAttachment, { type: 'IMAGE' }> => attachment.type === 'IMAGE',
    ),
  );
  return { paths: new Set(images.map((image) => image.filePath)), anyUnlocked: images.some((image) => image.isUnlocked) };
}
