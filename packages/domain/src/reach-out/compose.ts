// The words of one reach-out (docs/reach-out.md#the-words). The twin's model writes them for that
// fan from what a reply reads (its persona, the chat's latest messages, what it remembers of the
// fan, its own material that fits) and the creator's instruction for the trigger. The offline
// engine, a model that fails, or words that cross the creator's boundaries give the trigger's
// template instead: a due reach-out is never lost to a model outage, and never says what a reply could not.
import type { Executor } from '@doppel/db';
import type { ReachOutKind } from '@doppel/validation';
import { sql } from 'drizzle-orm';
import { checkReply } from '../chat/boundaries/reply-check.ts';
import { errorText } from '../chat/reply/attachments.ts';
import { retrievePassages } from '../chat/reply/knowledge.ts';
import { loadUnaskedContext, type ReplyModelRoute } from '../chat/reply/load.ts';
import { buildReplyPrompt } from '../chat/reply/prompt.ts';
import type { LlmPort } from '../ports/llm.ts';

/** The worker's model, as the replies use it; absent: every reach-out is the offline template. */
export type ReachOutWriter = {
  llm: LlmPort;
  /** Where a twin's fine-tuned version answers; absent, or answering undefined: `llm`. */
  llmFor?: ((route: ReplyModelRoute) => LlmPort | undefined) | undefined;
  /** OPENAI_CHAT_MODEL: replaces every twin's model, as for replies. */
  modelOverride?: string | undefined;
  log?: (message: string, fields: Record<string, unknown>) => void;
};

export type ReachOutOccasion = { chatId: string; talentId: string; kind: ReachOutKind; instruction: string; about?: string };

export type ReachOutWords = { text: string; engine: 'openai' | 'offline' };

/**
 * The offline engine's words for each trigger, with the fan's name when known. A date the creator
 * chose says what the creator wrote for it.
 */
export function reachOutTemplate(kind: ReachOutKind, fanName: string, instruction = '', about = ''): string {
  const hello = fanName.trim() ? `Hey ${fanName.trim()}!` : 'Hey!';
  switch (kind) {
    case 'CHECK_IN':
      return `${hello} It's been a little while. How have you been? I'd love to hear what you're up to.`;
    case 'THANK_YOU':
      return `${hello} Thank you so much for your support, it really means a lot to me.`;
    case 'SUBSCRIPTION_ENDING':
      return `${hello} Just a heads-up: your subscription ends in a few days. I'd love to keep chatting!`;
    case 'SUBSCRIPTION_LAPSED':
      return `${hello} Your subscription has ended. I miss our chats, come back any time!`;
    case 'REMIND_ME':
      return `${hello} You asked me to remind you ${about.trim() || 'about something'}: this is your reminder ⏰`;
    case 'CUSTOM_DATE':
      return instruction.trim() ? `${hello} ${instruction.trim()}` : `${hello} I was just thinking of you. How are you doing?`;
  }
}

/** What happened, as the model is told it. */
const situations: Record<ReachOutKind, string> = {
  CHECK_IN: 'The fan has not written to you for a while.',
  THANK_YOU: 'The fan just made their first purchase from you, or started a subscription.',
  SUBSCRIPTION_ENDING: "The fan's subscription to you ends in a few days.",
  SUBSCRIPTION_LAPSED: "The fan's subscription to you has ended.",
  CUSTOM_DATE: 'Your creator chose today to write to the fan.',
  REMIND_ME: 'The fan asked you to remind them, and the time has come.',
};

/** The last turn of the prompt: why the twin writes first, and how. */
export function reachOutRequest(kind: ReachOutKind, instruction: string, about = ''): string {
  const reminder = kind === 'REMIND_ME' ? ` They asked to be reminded ${about.trim()}; say so plainly.` : '';
  const asked = instruction.trim() ? ` Your creator asks: ${instruction.trim()}` : '';
  const first =
    kind === 'REMIND_ME' ? 'You are writing to the fan as they asked.' : 'You are writing to the fan first, without them asking.';
  return `${first} ${situations[kind]}${reminder} Write one short, warm, personal chat message (one to three sentences) in your own voice that fits what you know of them and your recent conversation. No prices, links or attachments.${asked}`;
}

/**
 * Whether a model may write for any of these twins: the worker's own model, or a fine-tuned version
 * served by a provider other than the offline engine. When none may, every message is a template,
 * and the sending skips reading the rules before writing (the transaction reads them anyway).
 */
export async function modelMayWrite(writer: ReachOutWriter | undefined, db: Executor, talentIds: readonly string[]) {
  if (!writer) return false;
  if (writer.llm.engine !== 'offline') return true;
  if (!writer.llmFor || talentIds.length === 0) return false;
  const [routed] = await db.execute<{ talent_id: string }>(sql`
    select tc.id as talent_id from talent_configs tc
    join models m on m.talent_id = tc.id
    join model_versions v on v.id = m.default_version_id and v.fine_tuned_model_id = tc.llm_fine_tuned_model_id
    where tc.id in (${sql.join(
      talentIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and v.provider <> 'offline'
    limit 1`);
  return routed !== undefined;
}

export async function writeReachOut(
  writer: ReachOutWriter | undefined,
  db: Executor,
  occasion: ReachOutOccasion,
  fanName: string,
): Promise<ReachOutWords> {
  const template = (): ReachOutWords => ({
    text: reachOutTemplate(occasion.kind, fanName, occasion.instruction, occasion.about),
    engine: 'offline',
  });
  // No model anywhere: nothing to read.
  if (!writer || (writer.llm.engine === 'offline' && !writer.llmFor)) return template();
  try {
    const context = await loadUnaskedContext(db, occasion.chatId);
    if (!context) return template();
    const routed = context.config.route ? writer.llmFor?.(context.config.route) : undefined;
    const llm = routed ?? writer.llm;
    if (llm.engine === 'offline') return template();
    const model = (routed ? null : writer.modelOverride) ?? context.config.llmFineTunedModelId ?? context.config.llmModelId;
    const request = reachOutRequest(occasion.kind, occasion.instruction, occasion.about);
    // The twin's own material that fits the recent conversation and the reason to write.
    const lastFanMessage = context.history.findLast((message) => message.senderType === 'USER')?.text ?? '';
    const passages = await retrievePassages(db, writer.llm, {
      talentId: occasion.talentId,
      text: `${lastFanMessage}\n${occasion.instruction}`.trim() || situations[occasion.kind],
    }).catch(() => []);
    const prompt = buildReplyPrompt({
      templates: context.appConfig,
      functionSchemaConfig: context.appConfig.functionSchemaConfig,
      persona: context.config.persona,
      history: context.history,
      faqMatches: [],
      isTalentManager: false,
      memories: context.memories,
      passages,
    });
    const response = await llm.complete({
      model,
      temperature: context.config.llmTemperature,
      messages: [...prompt.messages, { role: 'system', content: request }],
      functions: [],
    });
    const text = response.text?.trim();
    if (!text) return template();
    const crossing = await checkReply({ llm: writer.llm, log: writer.log }, text, context.boundaries);
    if (crossing) {
      writer.log?.('reach-out crossed a boundary; template sent', { chatId: occasion.chatId, reason: crossing.reason });
      return template();
    }
    return { text, engine: response.engine };
  } catch (error) {
    writer.log?.('reach-out not written by the model; template sent', { chatId: occasion.chatId, error: errorText(error) });
    return template();
  }
}
