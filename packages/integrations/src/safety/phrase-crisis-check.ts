// The offline CrisisCheck: the curated phrase list, no network (the default on a bare machine).
import type { CrisisCheck } from '@doppel/domain/ports';
import { matchCrisisPhrase } from './crisis-phrases.ts';

export function createPhraseCrisisCheck(): CrisisCheck {
  return {
    check: async (text) => {
      const matched = matchCrisisPhrase(text);
      return { crisis: matched ? { source: 'PHRASES', matched } : null, moderation: null };
    },
  };
}
