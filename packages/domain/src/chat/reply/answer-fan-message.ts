// The twin's AI reply to one fan message (the `chat.reply` job): prompt, model call, optional image
// or voice note, then the TALENT message and its ChatPrompt in one transaction. Idempotent: a
// message is answered at most once (a unique index on replyToMessageId refuses a second answer).
// In approval mode the reply is kept as a draft for the creator instead (hold-for-approval.ts).
// It touches credits only to give back a message whose reply crossed a boundary (boundaries/flags.ts):
// the fan paid when sending.
import { type ChangeEvent, type Database, newId, type Transaction } from '@doppel/db';
import type { CrisisSignal } from '../../ports/crisis-check.ts';
import type { FileStorage } from '../../ports/file-storage.ts';
import { LlmError, type LlmPort, type LlmResponse, type ModerationVerdict } from '../../ports/llm.ts';
import type { TtsPort } from '../../ports/tts.ts';
import { reminderConfirmation, reminderFor } from '../../reach-out/reminders.ts';
import type { BoundaryRefusal } from '../boundaries/flags.ts';
import { refusalText } from '../boundaries/refusal.ts';
import { checkReply, moderateFanMessage } from '../boundaries/reply-check.ts';
import { type BoundaryCrossing, createReplyRulesCheck } from '../boundaries/rules.ts';
import { selectPromptMemories } from '../memory/prompt-section.ts';
import { storeReplyJobSafetyReply } from '../safety/reply-job-crisis.ts';
import { attachImage, attachVoiceNote, type ComposedReply, errorText, stringArgument } from './attachments.ts';
import { defaultFaqMinScore, type QuestionVectors } from './faq.ts';
import { holdForApproval } from './hold-for-approval.ts';
import { embedMessageOnce, type PassageVectors } from './knowledge.ts';
import { findReply, loadReplyContext, type ReplyContext, type ReplyModelRoute } from './load.ts';
import { gatherReplyMaterial, offlineMaterialFor } from './material.ts';
import { buildReplyPrompt } from './prompt.ts';
import { type PromptRecord, promptRow } from './prompt-record.ts';
import { noteRateLimited } from './rate-limits.ts';
import { storeReply } from './store-reply.ts';
import { createReplyDraftStream, type DraftPublisher } from './stream-drafts.ts';
import type { TwinMaterialCache } from './twin-material-cache.ts';

/** What the fan reads when the model failed for good: in character, and it invites a retry. */
export const replyFallbackText = 'Sorry, I lost my train of thought 😅 could you say that again?';

export type ReplyDeps = {
  db: Database;
  llm: LlmPort;
  /**
   * The model of a twin's fine-tuned version, by where it is served (docs/fine-tuning.md#how-replies-route);
   * absent, or answering undefined: `llm`. Embeddings and moderation always stay on `llm`.
   */
  llmFor?: (route: ReplyModelRoute) => LlmPort | undefined;
  tts: TtsPort;
  storage: Pick<FileStorage, 'put'>;
  /** Overrides every talent's model: an OpenAI-compatible server (Ollama, vLLM) serving one model. */
  modelOverride?: string;
  faqMinScore?: number;
  /**
   * The worker's memo of text vectors (FAQ questions, and the fan messages of the creator's
   * corrections); without it each reply reads them from the database.
   */
  questionVectors?: QuestionVectors;
  /** Minimum fused score for a knowledge passage to enter the prompt (knowledge.ts). */
  passageMinScore?: number;
  /** The worker's cache of each twin's passage vectors; without it each reply reads them all. */
  passageVectors?: PassageVectors;
  /**
   * The worker's memo of each twin's FAQ, corrections and knowledge sources lists, kept a few
   * seconds (twin-material-cache.ts); without it each reply reads them.
   */
  twinMaterial?: TwinMaterialCache;
  log?: (message: string, fields: Record<string, unknown>) => void;
  /**
   * Enqueues the `chat.remember` job for the answered fan message inside the transaction that
   * stores the reply, so the memory job exists exactly when the reply does. `changes`, when given, are
   * the reply's live events, recorded in the same outbox insert as the job's wake-up (one statement
   * for both). Absent: nothing is learnt.
   */
  enqueueRemember?: (tx: Transaction, job: { chatId: string; messageId: string }, changes?: ChangeEvent[]) => Promise<void>;
  /**
   * Enqueues the `chat.held-reply-push` job inside the transaction that holds a reply for the
   * creator's approval, so the creator's devices hear of every held draft. Absent: nobody is notified.
   */
  enqueueHeldReplyPush?: (tx: Transaction, job: { draftId: string }) => Promise<void>;
  /**
   * Streams the reply to the fan as the model writes it (stream-drafts.ts; the worker NOTIFYs).
   * Absent: the model is asked for the whole answer at once. The stored message is the same either way.
   */
  publishDraft?: DraftPublisher;
};

export type AnswerFanMessageInput = {
  chatId: string;
  messageId: string;
  /** The moderation endpoint's verdict on the fan's message from the send's crisis check; absent: asked here. */
  moderation?: ModerationVerdict | undefined;
  /** Set on the job's last attempt: a failure then posts the fallback instead of throwing for a retry. */
  isFinalAttempt?: boolean;
};

export type AnswerFanMessageResult =
  | { status: 'answered'; replyMessageId: string; engine: LlmResponse['engine']; attachment: 'IMAGE' | 'AUDIO' | null }
  | { status: 'fallback'; replyMessageId: string; error: string }
  /** The fan's message (by moderation) or the model's reply crossed the twin's boundaries: refused and refunded. */
  | { status: 'refused'; replyMessageId: string; side: BoundaryRefusal['side']; reason: BoundaryCrossing['reason'] }
  | { status: 'already-answered'; replyMessageId: string }
  /** Approval mode: the reply waits for the creator as a draft; sent, it becomes message `replyMessageId`. */
  | { status: 'held'; replyMessageId: string }
  /** The fan's message spoke of suicide or self-harm (found by moderation here): the safety reply was stored, free. */
  | { status: 'safety' }
  | { status: 'skipped'; reason: string };

/** Answers one fan message; see the file comment. Throws (for a retry) only before the final attempt. */
export async function answerFanMessage(deps: ReplyDeps, input: AnswerFanMessageInput): Promise<AnswerFanMessageResult> {
  const loaded = await loadReplyContext(deps.db, input);
  if (loaded.kind === 'skip') return { status: 'skipped', reason: loaded.reason };
  if (loaded.kind === 'answered') return { status: 'already-answered', replyMessageId: loaded.replyMessageId };
  const context = loaded.context;
  const replyMessageId = newId();
  const routed = context.config.route ? deps.llmFor?.(context.config.route) : undefined;
  const replyLlm = routed ?? deps.llm;
  // The override names the one model of the main server; a version served elsewhere keeps its own.
  const model = (routed ? null : deps.modelOverride) ?? context.config.llmFineTunedModelId ?? context.config.llmModelId;
  const record: PromptRecord = {
    llmType: replyLlm.engine === 'offline' ? 'OFFLINE' : 'OPENAI',
    model,
    temperature: context.config.llmTemperature,
    prompt: null,
    faqMatches: [],
    faqMinScore: deps.faqMinScore ?? defaultFaqMinScore,
    passages: [],
    memories: selectPromptMemories(context.memories),
    examples: [],
    tokenUsage: null,
    responseText: null,
    responseFallbackText: null,
    responseFunction: null,
  };

  // The moderation endpoint on the fan's message before the model is asked (the creator's rules
  // already ran in chat.send, which answers a crossing at once); the send's verdict when it asked.
  const fanModeration = await moderateFanMessage(deps, context.message.text, context.boundaries, input.moderation);
  if (fanModeration?.crisis) return answerWithSafetyReply(deps.db, context, fanModeration.crisis);
  if (fanModeration) return refuse(deps, context, record, replyMessageId, 'FAN', fanModeration.crossing);

  let reply: ComposedReply;
  try {
    reply = await compose(deps, replyLlm, context, record, replyMessageId);
  } catch (error) {
    // A 429 holds every worker's replies, not just this one's retry (rate-limits.ts).
    if (error instanceof LlmError && error.rateLimit) await holdForRateLimit(deps, error.rateLimit);
    const retryable = !(error instanceof LlmError) || error.retryable;
    deps.log?.('reply failed', {
      messageId: input.messageId,
      error: errorText(error),
      retryable,
      final: input.isFinalAttempt ?? false,
    });
    if (retryable && !input.isFinalAttempt) throw error;
    reply = {
      text: replyFallbackText,
      attachments: [],
      fallbackText: `${replyFallbackText}\n[model error: ${errorText(error)}]`,
    };
    record.responseFallbackText = reply.fallbackText;
    const stored = await storeReply(deps, context, record, reply, replyMessageId);
    if (stored !== 'stored') return notStored(deps.db, input.messageId, stored);
    return { status: 'fallback', replyMessageId, error: errorText(error) };
  }
  record.responseFallbackText = reply.fallbackText;
  // "Remind me tomorrow to …": the twin confirms it in this reply, and the reminder is stored with it
  // (docs/reach-out.md#remind-me). A reply held for approval promises nothing.
  const reminder = context.holdForApproval
    ? null
    : await reminderFor(
        deps.db,
        { talentId: context.chat.talentId, userId: context.chat.userId, text: context.message.text },
        new Date(),
      );
  if (reminder) reply = { ...reply, text: `${reply.text}\n\n${reminderConfirmation(reminder)}`, reminder };
  // The complete reply, checked before it is stored: a crossing stores the refusal instead.
  const replyCrossing = await checkReply(deps, reply.text, context.boundaries);
  if (replyCrossing) return refuse(deps, context, record, replyMessageId, 'TWIN', replyCrossing);
  // Approval mode holds only the model's answers: a refusal or the fallback goes out as always.
  if (context.holdForApproval) {
    const held = await holdForApproval(deps, context, promptRow(record), reply, replyMessageId);
    if (held === 'held') return { status: 'held', replyMessageId };
    if (held === 'already held') return { status: 'skipped', reason: 'already held' };
    return notStored(deps.db, input.messageId, held);
  }
  const stored = await storeReply(deps, context, record, reply, replyMessageId);
  if (stored !== 'stored') return notStored(deps.db, input.messageId, stored);
  return {
    status: 'answered',
    replyMessageId,
    engine: record.llmType === 'OFFLINE' ? 'offline' : 'openai',
    attachment: reply.attachments[0]?.type ?? null,
  };
}

async function holdForRateLimit(deps: ReplyDeps, rateLimit: NonNullable<LlmError['rateLimit']>): Promise<void> {
  try {
    const { blockedUntil } = await noteRateLimited(deps.db, rateLimit);
    deps.log?.('model rate limited; replies held', { provider: rateLimit.provider, until: blockedUntil.toISOString() });
  } catch (error) {
    deps.log?.('could not record the rate limit', { provider: rateLimit.provider, error: errorText(error) });
  }
}

/** The safety reply instead of the twin (docs/safety.md): the send's crisis check missed what moderation found. */
async function answerWithSafetyReply(db: Database, context: ReplyContext, signal: CrisisSignal): Promise<AnswerFanMessageResult> {
  const stored = await storeReplyJobSafetyReply(db, context.chat, context.message, signal);
  if (stored === 'stored') return { status: 'safety' };
  return notStored(db, context.message.id, stored);
}

/** Stores the twin's refusal instead of a reply, gives the fan's credits back and flags the message. */
async function refuse(
  deps: ReplyDeps,
  context: ReplyContext,
  record: PromptRecord,
  replyMessageId: string,
  side: BoundaryRefusal['side'],
  crossing: BoundaryCrossing,
): Promise<AnswerFanMessageResult> {
  const text = refusalText(context.message.id);
  // The admin's prompt view says why the model's answer (kept in responseText) was not sent.
  record.responseFallbackText = `${text}\n[boundary: ${side === 'FAN' ? 'fan message' : 'reply'} ${crossing.reason} ${crossing.matched}]`;
  const refusal = { chat: context.chat, messageId: context.message.id, side, crossing };
  const reply = { text, attachments: [], fallbackText: record.responseFallbackText };
  const stored = await storeReply(deps, context, record, reply, replyMessageId, refusal);
  if (stored !== 'stored') return notStored(deps.db, context.message.id, stored);
  return { status: 'refused', replyMessageId, side, reason: crossing.reason };
}

/** Why `store` stored nothing: the creator took the chat over meanwhile, the fan got the safety reply, or another run answered first. */
function notStored(
  db: Database,
  messageId: string,
  outcome: 'answered' | 'taken over' | 'stood down',
): Promise<AnswerFanMessageResult> {
  if (outcome === 'taken over') return Promise.resolve({ status: 'skipped', reason: 'taken over' });
  if (outcome === 'stood down') return Promise.resolve({ status: 'skipped', reason: 'a safety reply came after it' });
  return alreadyAnswered(db, messageId);
}

async function alreadyAnswered(db: Database, messageId: string): Promise<AnswerFanMessageResult> {
  const existing = await findReply(db, messageId);
  return existing ? { status: 'already-answered', replyMessageId: existing } : { status: 'skipped', reason: 'reply vanished' };
}

/** FAQ, prompt, model call and attachment; fills `record` as it goes so a failure still logs what was sent. */
async function compose(
  deps: ReplyDeps,
  /** The model that writes the reply (the version's provider); `deps.llm` embeds. */
  replyLlm: LlmPort,
  context: ReplyContext,
  record: PromptRecord,
  replyMessageId: string,
): Promise<ComposedReply> {
  const { appConfig, config } = context;
  const embedder = embedMessageOnce(deps.llm, context.message.text.trim());
  const material = await gatherReplyMaterial(deps, embedder, {
    talentId: context.chat.talentId,
    faqId: config.faqId,
    text: context.message.text,
    faqMinScore: record.faqMinScore,
  });
  [record.faqMatches, record.examples, record.passages] = [material.faqMatches, material.examples, material.passages];
  const prompt = buildReplyPrompt({
    templates: appConfig,
    functionSchemaConfig: appConfig.functionSchemaConfig,
    persona: config.persona,
    history: context.history,
    faqMatches: record.faqMatches,
    isTalentManager: context.isTalentManager,
    memories: record.memories,
    examples: record.examples,
    passages: record.passages,
  });
  record.prompt = prompt;

  // A reply held for the creator's approval is not streamed: the fan sees it only once sent.
  const mayShow = createReplyRulesCheck(context.boundaries);
  const drafts =
    deps.publishDraft && !context.holdForApproval
      ? createReplyDraftStream({
          publish: deps.publishDraft,
          chatId: context.chat.id,
          replyTo: context.message.id,
          stream: replyMessageId,
          // The creator's rules on every draft: text the final check would refuse is never shown
          // (the moderation endpoint judges the complete reply only; a refusal then replaces the draft).
          // Each draft continues the last, so only its new words are read (createReplyRulesCheck).
          mayShow: (text) => mayShow(text) === null,
          onError: (error) => deps.log?.('reply draft failed', { error: errorText(error) }),
        })
      : undefined;
  const response = await replyLlm
    .complete(
      {
        model: record.model,
        temperature: record.temperature,
        messages: prompt.messages,
        functions: prompt.functions,
        offline: offlineMaterialFor(config.persona, context.talent.conversationStarters, material, record.memories),
      },
      drafts ? { onText: drafts.onText } : undefined,
    )
    // The stored message takes over from here; a draft still due would only arrive after it.
    .finally(() => drafts?.close());
  record.llmType = response.engine === 'offline' ? 'OFFLINE' : 'OPENAI';
  record.tokenUsage = response.usage;
  record.responseText = response.text;
  const text = stringArgument(response.text);
  const call = response.functionCall;
  if (call) record.responseFunction = { name: call.name, arguments: JSON.stringify(call.arguments) };

  const functions = appConfig.functionSchemaConfig;
  if (call?.name === functions.generateImageAttachment.name) return attachImage(deps, context, call.arguments, text);
  if (call?.name === functions.generateAudioAttachment.name)
    return attachVoiceNote(deps, context, call.arguments, text, replyMessageId);
  if (!text)
    throw new LlmError(call ? `The model called an unknown function ${call.name}` : 'The model returned an empty reply', true);
  return { text, attachments: [], fallbackText: null };
}
