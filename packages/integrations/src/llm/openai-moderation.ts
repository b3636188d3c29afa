// The moderation endpoint through the official SDK (POST /v1/moderations): the flagged categories
// of one text, in OpenAI's names ("sexual", "harassment/threatening"). Free to call on OpenAI; an
// OpenAI-compatible server without it answers 404, which the reply job logs and the creator's
// rules, which always run, cover.
import type { ModerationVerdict } from '@doppel/domain/ports';
import type OpenAI from 'openai';

export const DEFAULT_MODERATION_MODEL = 'omni-moderation-latest';

export async function moderateWithOpenAi(client: OpenAI, model: string, text: string): Promise<ModerationVerdict> {
  const response = await client.moderations.create({ model, input: text });
  const results = response.results;
  const categories = new Set<string>();
  for (const result of results) {
    for (const [category, flagged] of Object.entries(result.categories)) if (flagged) categories.add(category);
  }
  return { flagged: results.some((result) => result.flagged), categories: [...categories] };
}
