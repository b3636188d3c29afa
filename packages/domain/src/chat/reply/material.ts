// What a twin's answer is built from besides the conversation: the FAQ items, the creator's
// corrections and the knowledge passages that fit the fan's text, and the same material in the
// shape the offline engine answers from. Shared by the reply job and the quality checks, so a
// check answers exactly as the twin answers a fan.
import type { Executor, FanMemoryKind } from '@doppel/db';
import type { LlmPort, OfflineMaterial } from '../../ports/llm.ts';
import { errorText } from './attachments.ts';
import type { CorrectionExample } from './example-section.ts';
import { matchCorrectionExamples } from './examples.ts';
import { matchFaqItems, type QuestionVectors } from './faq.ts';
import { type PassageMatch, type PassageVectors, retrievePassages } from './knowledge.ts';
import type { FaqMatch, ReplyPersona } from './prompt.ts';
import type { TwinMaterialCache } from './twin-material-cache.ts';

export type ReplyMaterialDeps = {
  db: Executor;
  questionVectors?: QuestionVectors;
  passageMinScore?: number;
  passageVectors?: PassageVectors;
  /** The worker's short-lived memo of each twin's FAQ, corrections and sources lists; without it each reply reads them. */
  twinMaterial?: TwinMaterialCache;
  log?: (message: string, fields: Record<string, unknown>) => void;
};

export type ReplyMaterial = { faqMatches: FaqMatch[]; examples: CorrectionExample[]; passages: PassageMatch[] };

/**
 * The FAQ matches, correction examples and passages for `text`, fetched together. Retrieval helps
 * but is not essential: a part that fails is logged and left empty rather than failing the answer.
 */
export async function gatherReplyMaterial(
  deps: ReplyMaterialDeps,
  embedder: Pick<LlmPort, 'embed'>,
  input: { talentId: string; faqId: string | null; text: string; faqMinScore: number },
): Promise<ReplyMaterial> {
  const empty = (what: string) => (error: unknown) => {
    deps.log?.(`${what} retrieval failed`, { error: errorText(error) });
    return [];
  };
  const [faqMatches, examples, passages] = await Promise.all([
    matchFaqItems(
      deps.db,
      embedder,
      { talentFaqId: input.faqId, text: input.text, minScore: input.faqMinScore },
      deps.questionVectors,
      deps.twinMaterial,
    ).catch(empty('faq')),
    // The creator's corrections most like this message: they count at once, before any fine-tuning.
    matchCorrectionExamples(
      deps.db,
      embedder,
      { talentId: input.talentId, text: input.text },
      deps.questionVectors,
      deps.twinMaterial,
    ).catch(empty('example')),
    retrievePassages(
      deps.db,
      embedder,
      { talentId: input.talentId, text: input.text, minScore: deps.passageMinScore },
      deps.passageVectors,
      deps.twinMaterial,
    ).catch(empty('knowledge')),
  ]);
  return { faqMatches, examples, passages };
}

/** The twin's material as the offline engine reads it (a real model ignores it and reads the prompt). */
export function offlineMaterialFor(
  persona: ReplyPersona,
  conversationStarters: OfflineMaterial['conversationStarters'],
  material: ReplyMaterial,
  memories: ReadonlyArray<{ kind: FanMemoryKind; text: string }>,
): OfflineMaterial {
  return {
    twinName: persona.name,
    purpose: persona.purpose,
    personalityTraits: persona.personalityTraits,
    interests: persona.interests,
    facts: persona.facts,
    faqMatches: material.faqMatches.map(({ question, answer, score }) => ({ question, answer, score })),
    conversationStarters,
    fanMemories: memories.map(({ kind, text }) => ({ kind, text })),
    examples: material.examples.map(({ fanText, answerText, score }) => ({ fanText, answerText, score })),
    passages: material.passages.map(({ sourceTitle, heading, text, score }) => ({ sourceTitle, heading, text, score })),
  };
}
