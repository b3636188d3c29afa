// The `chat.remember` job's use case: after the twin answered a fan message, learn what the fan
// told about themselves (the model with a JSON schema, the offline engine by rules) and keep it
// per fan and twin. Idempotent: the notes of one fan message are stored once (store.ts).
import { chatMessages, chats, type Database, fanMemories, talentConfigs, talents } from '@doppel/db';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { LlmPort } from '../../ports/llm.ts';
import { builtOnce } from '../send/built-once.ts';
import { cleanExtractedMemories } from './prompt-section.ts';
import { storeLearntMemories } from './store.ts';

export type RememberDeps = {
  db: Database;
  llm: LlmPort;
  /** OPENAI_CHAT_MODEL: the model extraction asks when set, else the twin's base model. */
  modelOverride?: string;
};

export type RememberResult =
  | { status: 'stored'; stored: number }
  | { status: 'already-remembered' }
  /** The fan deleted memories after sending the message: nothing learnt from it is kept. */
  | { status: 'erased' }
  | { status: 'skipped'; reason: string };

/** Notes the prompt sends as already known: enough to stop repeats, bounded for the token bill. */
const knownLimit = 50;

// The job's reads, built once per process (chat/send/built-once.ts): this job follows every reply,
// and drizzle building SQL was about a sixth of the worker's CPU under a burst of replies.
const chatId = sql.placeholder('chatId');
const messageId = sql.placeholder('messageId');

const exchangeStatement = builtOnce('remember_exchange', (db) =>
  db
    .select({
      text: chatMessages.text,
      senderType: chatMessages.senderType,
      chat: { id: chats.id, userId: chats.userId, talentId: chats.talentId },
      twinName: talents.name,
      // Extraction is plain reading: the base model does it, never the twin's fine-tuned voice.
      model: talentConfigs.llmModelId,
    })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .innerJoin(talents, eq(talents.id, chats.talentId))
    .leftJoin(talentConfigs, eq(talentConfigs.id, chats.talentId))
    .where(and(eq(chatMessages.id, messageId), eq(chatMessages.chatId, chatId)))
    .limit(1),
);

const rememberedStatement = builtOnce('remember_done', (db) =>
  db.select({ id: fanMemories.id }).from(fanMemories).where(eq(fanMemories.sourceMessageId, messageId)).limit(1),
);

const answerStatement = builtOnce('remember_answer', (db) =>
  db.select({ text: chatMessages.text }).from(chatMessages).where(eq(chatMessages.replyToMessageId, messageId)).limit(1),
);

/** The fan's notes with the twin the prompt sends as known: `loadFanMemories` with `knownLimit`. */
const knownStatement = builtOnce('remember_known', (db) =>
  db
    .select()
    .from(fanMemories)
    .where(and(eq(fanMemories.userId, sql.placeholder('userId')), eq(fanMemories.talentId, sql.placeholder('talentId'))))
    .orderBy(desc(fanMemories.createdAt), desc(fanMemories.id))
    .limit(knownLimit),
);

export async function rememberFanMessage(
  deps: RememberDeps,
  input: { chatId: string; messageId: string },
): Promise<RememberResult> {
  const extract = deps.llm.extractMemories;
  if (!extract) return { status: 'skipped', reason: 'this model engine cannot extract memories' };
  const keys = { chatId: input.chatId, messageId: input.messageId };
  const [row] = await exchangeStatement(deps.db, keys);
  // The chat or the fan was deleted meanwhile: there is nobody left to remember.
  if (!row) return { status: 'skipped', reason: 'message not found in chat' };
  if (row.senderType !== 'USER') return { status: 'skipped', reason: 'not a fan message' };
  const owner = { userId: row.chat.userId, talentId: row.chat.talentId, chatId: row.chat.id };
  const [[done], [answer], known] = await Promise.all([
    // A retry of a job that already stored its notes: no second model call.
    rememberedStatement(deps.db, keys),
    answerStatement(deps.db, keys),
    knownStatement(deps.db, { userId: owner.userId, talentId: owner.talentId }),
  ]);
  if (done) return { status: 'already-remembered' };
  const model = deps.modelOverride ?? row.model ?? 'gpt-3.5-turbo';
  const notes = cleanExtractedMemories(
    await extract({
      model,
      twinName: row.twinName,
      fanMessage: row.text,
      twinReply: answer?.text ?? null,
      known: known.map((memory) => ({ kind: memory.kind, text: memory.text })),
    }),
  );
  return deps.db.transaction((tx) => storeLearntMemories(tx, owner, input.messageId, notes));
}
