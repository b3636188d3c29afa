// Whether a fan's message speaks of suicide or self-harm (docs/safety.md). The send asks before
// its transaction, so a network check holds no lock. Adapters (packages/integrations/src/safety):
// the moderation endpoint's self-harm categories with an OpenAI key, a curated phrase list offline.

/** `source` says which check found it; `matched` names the phrase or the categories, never the message. */
/**
 * OpenAI's moderation categories that mean suicide or self-harm: the crisis check's (at send) and
 * the reply job's moderation of the fan's message both read a verdict by them.
 */
export const selfHarmCategories = ['self-harm', 'self-harm/intent', 'self-harm/instructions'] as const;

/** The verdict's self-harm categories, in the verdict's order. */
export function selfHarmIn(categories: readonly string[]): string[] {
  return categories.filter((category) => (selfHarmCategories as readonly string[]).includes(category));
}

export type CrisisSignal = { source: 'PHRASES' | 'MODERATION'; matched: string };

export type CrisisCheck = {
  /** The signal when the text speaks of suicide or self-harm, else null. Never throws: a failed call is the offline verdict. */
  check: (text: string) => Promise<CrisisSignal | null>;
};
