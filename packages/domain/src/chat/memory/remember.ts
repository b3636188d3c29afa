// The `chat.remember` job's use case: after the twin answered a fan message, learn what the fan
// told about themselves (the model with a JSON schema, the offline engine by rules) and keep it
// per fan and twin. Idempotent: the notes of one fan message are stored once (store.ts).
import { chatMessages, chats, type Database, fanMemories, talentConfigs, talents } from '@doppel/db';
import { and, eq } from 'drizzle-orm';
import type { LlmPort } from '../../ports/llm.ts';
import { cleanExtractedMemories } from './prompt-section.ts';
import { loadFanMemories, storeLearntMemories } from './store.ts';

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

export async function rememberFanMessage(
  deps: RememberDeps,
  input: { chatId: string; messageId: string },
): Promise<RememberResult> {
  const extract = deps.llm.extractMemories;
  if (!extract) return { status: 'skipped', reason: 'this model engine cannot extract memories' };
  const [row] = await deps.db
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
    .where(and(eq(chatMessages.id, input.messageId), eq(chatMessages.chatId, input.chatId)))
    .limit(1);
  // The chat or the fan was deleted meanwhile: there is nobody left to remember.
  if (!row) return { status: 'skipped', reason: 'message not found in chat' };
  if (row.senderType !== 'USER') return { status: 'skipped', reason: 'not a fan message' };
  const owner = { userId: row.chat.userId, talentId: row.chat.talentId, chatId: row.chat.id };
  const [[done], [answer], known] = await Promise.all([
    // A retry of a job that already stored its notes: no second model call.
    deps.db.select({ id: fanMemories.id }).from(fanMemories).where(eq(fanMemories.sourceMessageId, input.messageId)).limit(1),
    deps.db
      .select({ text: chatMessages.text })
      .from(chatMessages)
      .where(eq(chatMessages.replyToMessageId, input.messageId))
      .limit(1),
    loadFanMemories(deps.db, owner, knownLimit),
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
