// The CrisisCheck with an OpenAI key: the moderation endpoint's self-harm categories through the
// official SDK. The phrase list runs first (free and instant, and it knows slang such as "kms");
// only a message it lets pass goes to the endpoint. A failed call is logged and the phrase list's
// verdict stands: an outage must not stop fans from chatting, and it must not skip the check either.
// The endpoint's whole verdict goes back with the signal, for the reply job to reuse.
import { type CrisisCheck, selfHarmIn } from '@doppel/domain/ports';
import type OpenAI from 'openai';
import { createOpenAiModerator } from '../llm/openai-moderation.ts';
import { matchCrisisPhrase } from './crisis-phrases.ts';

export type OpenAiCrisisCheckConfig = {
  client: OpenAI;
  model: string;
  /** Told about a failed moderation call (the API logs it). */
  onError?: (error: unknown) => void;
};

export function createOpenAiCrisisCheck(config: OpenAiCrisisCheckConfig): CrisisCheck {
  const moderate = createOpenAiModerator(config.client, config.model);
  return {
    check: async (text) => {
      const phrase = matchCrisisPhrase(text);
      if (phrase) return { crisis: { source: 'PHRASES', matched: phrase }, moderation: null };
      try {
        const verdict = await moderate(text);
        const selfHarm = selfHarmIn(verdict.categories);
        return {
          crisis: selfHarm.length > 0 ? { source: 'MODERATION', matched: selfHarm.join(', ') } : null,
          moderation: verdict,
        };
      } catch (error) {
        config.onError?.(error);
        return { crisis: null, moderation: null };
      }
    },
  };
}
