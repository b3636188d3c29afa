// Whether a fan's message speaks of suicide or self-harm (docs/safety.md). The send asks before
// its transaction, so a network check holds no lock. Adapters (packages/integrations/src/safety):
// the moderation endpoint's self-harm categories with an OpenAI key, a curated phrase list offline.
import type { ModerationVerdict } from './llm.ts';

/**
 * OpenAI's moderation categories that mean suicide or self-harm: the crisis check's (at send) and
 * the reply job's moderation of the fan's message both read a verdict by them.
 */
export const selfHarmCategories = ['self-harm', 'self-harm/intent', 'self-harm/instructions'] as const;

/** The verdict's self-harm categories, in the verdict's order. */
export function selfHarmIn(categories: readonly string[]): string[] {
  return categories.filter((category) => (selfHarmCategories as readonly string[]).includes(category));
}

/** `source` says which check found it; `matched` names the phrase or the categories, never the message. */
export type CrisisSignal = { source: 'PHRASES' | 'MODERATION'; matched: string };

export type FanMessageCheck = {
  /** Set when the text speaks of suicide or self-harm. */
  crisis: CrisisSignal | null;
  /**
   * The moderation endpoint's whole verdict on the text, when it was asked and answered (null
   * offline, after a phrase match, or when the call failed). The send hands it to the reply job,
   * which then does not ask the endpoint about the same message again (docs/safety.md).
   */
  moderation: ModerationVerdict | null;
};

export type CrisisCheck = {
  /** Never throws: a failed moderation call leaves the phrase list's verdict, with no moderation. */
  check: (text: string) => Promise<FanMessageCheck>;
};
