// A check answered exactly as the twin answers a fan, storing no chat: the creator's rules on the
// fan's text (as chat.send applies them, a message saying the fan is a minor judged as a minor's),
// moderation, the same prompt (persona, FAQ matches, knowledge passages, correction examples) for a
// text with no history, the model, and the rules on the answer. A crossing answers the twin's
// refusal, as a fan would read it. The fan-facing crisis check is not part of it.
import { appConfigs, defaultAppId, type Executor, talentConfigs, talents } from '@doppel/db';
import { eq } from 'drizzle-orm';
import { refusalText } from '../chat/boundaries/refusal.ts';
import { checkReply, moderateFanMessage } from '../chat/boundaries/reply-check.ts';
import { type BoundaryRules, checkFanMessage } from '../chat/boundaries/rules.ts';
import { stringArgument } from '../chat/reply/attachments.ts';
import { defaultFaqMinScore } from '../chat/reply/faq.ts';
import { embedMessageOnce } from '../chat/reply/knowledge.ts';
import { defaultRouteOf, type ReplyModelRoute } from '../chat/reply/load.ts';
import { gatherReplyMaterial, offlineMaterialFor, type ReplyMaterialDeps } from '../chat/reply/material.ts';
import { replyPersona } from '../chat/reply/persona.ts';
import { buildReplyPrompt, type ReplyPersona } from '../chat/reply/prompt.ts';
import { LlmError, type LlmPort } from '../ports/llm.ts';

/** The twin's setup a check answers with, read once per run. */
export type QualityTwin = {
  talentId: string;
  persona: ReplyPersona;
  conversationStarters: Array<{ text: string; answer: string | null }>;
  faqId: string | null;
  /** The model the twin answers fans with now (its fine-tuned one, else its base). */
  defaultModelId: string;
  /** Where that model answers when it is the twin's default version (Together, a registered endpoint…). */
  defaultRoute: ReplyModelRoute | null;
  temperature: number;
  boundaries: BoundaryRules;
  appConfig: typeof appConfigs.$inferSelect;
};

export async function loadQualityTwin(db: Executor, talentId: string): Promise<QualityTwin | null> {
  const [[twin], [appConfig], [defaultRoute]] = await Promise.all([
    db
      .select({ talent: talents, config: talentConfigs })
      .from(talents)
      .leftJoin(talentConfigs, eq(talentConfigs.id, talents.id))
      .where(eq(talents.id, talentId))
      .limit(1),
    db.select().from(appConfigs).where(eq(appConfigs.id, defaultAppId)).limit(1),
    defaultRouteOf(db, talentId),
  ]);
  if (!twin) return null;
  if (!appConfig) throw new Error('The app config (id default) is missing: a check has no prompt templates');
  const { talent, config } = twin;
  return {
    talentId,
    persona: replyPersona(talent, config),
    conversationStarters: talent.chatMessageSuggestions.map((starter) => ({
      text: starter.text,
      answer: starter.answer ?? null,
    })),
    faqId: config?.faqId ?? null,
    defaultModelId: config?.llmFineTunedModelId ?? config?.llmModelId ?? 'gpt-3.5-turbo',
    defaultRoute: defaultRoute ?? null,
    temperature: config?.llmTemperature ?? 1,
    boundaries: { topics: config?.blockedTopics ?? [], contentLevel: config?.contentLevel ?? 'SAFE', fanIsMinor: false },
    appConfig,
  };
}

export type CaseAnswerDeps = ReplyMaterialDeps & { faqMinScore?: number };

/** Answers `question` as `twin` with `llm` and `model`; `maxTokens` bounds the answer. */
export async function answerCase(
  deps: CaseAnswerDeps,
  twin: QualityTwin,
  question: string,
  engine: { llm: LlmPort; model: string; maxTokens?: number },
): Promise<string> {
  const refusal = refusalText(question);
  const fanCheck = checkFanMessage(question, twin.boundaries);
  if (fanCheck.crossing) return refusal;
  const boundaries = fanCheck.declaresMinor ? { ...twin.boundaries, fanIsMinor: true } : twin.boundaries;
  const checks = { llm: engine.llm, log: deps.log };
  if (await moderateFanMessage(checks, question, boundaries)) return refusal;

  const embedder = embedMessageOnce(engine.llm, question.trim());
  const material = await gatherReplyMaterial(deps, embedder, {
    talentId: twin.talentId,
    faqId: twin.faqId,
    text: question,
    faqMinScore: deps.faqMinScore ?? defaultFaqMinScore,
  });
  const prompt = buildReplyPrompt({
    templates: twin.appConfig,
    functionSchemaConfig: twin.appConfig.functionSchemaConfig,
    persona: twin.persona,
    history: [{ senderType: 'USER', text: question }],
    faqMatches: material.faqMatches,
    isTalentManager: false,
    examples: material.examples,
    passages: material.passages,
  });
  const response = await engine.llm.complete({
    model: engine.model,
    temperature: twin.temperature,
    messages: prompt.messages,
    functions: prompt.functions,
    ...(engine.maxTokens ? { maxTokens: engine.maxTokens } : {}),
    offline: offlineMaterialFor(twin.persona, twin.conversationStarters, material, []),
  });
  // A picture or voice-note call is judged by what the twin says with it.
  const callText = response.functionCall ? stringArgument(response.functionCall.arguments.successText) : null;
  const text = stringArgument(response.text) ?? callText;
  if (!text) throw new LlmError('The model returned an empty answer', true);
  return (await checkReply(checks, text, boundaries)) ? refusal : text;
}
