// The moderation endpoint through the official SDK (POST /v1/moderations): the flagged categories
// of each text, in OpenAI's names ("sexual", "harassment/threatening"). Free to call on OpenAI; an
// OpenAI-compatible server without it answers 404, which the reply job logs and the creator's
// rules, which always run, cover. Texts asked for in the same turn of the event loop go in one
// request (micro-batch.ts): the endpoint takes a list and answers one result per text, in order.
import type { ModerationVerdict } from '@doppel/domain/ports';
import OpenAI from 'openai';
import { microBatch } from './micro-batch.ts';

export const DEFAULT_MODERATION_MODEL = 'omni-moderation-latest';

/** Texts per moderation request: OpenAI documents no limit for a list, so a modest one. */
const maxModerationInputs = 32;

/** A 400, 413 or 422: the request's content was refused, so its texts are sent again one by one. */
export const isOpenAiInputError = (error: unknown) =>
  error instanceof OpenAI.APIError && (error.status === 400 || error.status === 413 || error.status === 422);

async function moderateTexts(client: OpenAI, model: string, texts: string[]): Promise<ModerationVerdict[]> {
  const response = await client.moderations.create({ model, input: texts });
  if (response.results.length !== texts.length) {
    throw new Error(`Moderation: expected ${texts.length} results, got ${response.results.length}`);
  }
  return response.results.map((result) => ({
    flagged: result.flagged,
    categories: Object.entries(result.categories).flatMap(([category, flagged]) => (flagged ? [category] : [])),
  }));
}

/** One text's verdict; calls made together share a request. Errors are the SDK's, for the caller to map. */
export function createOpenAiModerator(client: OpenAI, model: string): (text: string) => Promise<ModerationVerdict> {
  const batched = microBatch((texts) => moderateTexts(client, model, texts), {
    maxInputs: maxModerationInputs,
    maxChars: 64_000,
    isInputError: isOpenAiInputError,
  });
  return async (text) => (await batched([text]))[0] as ModerationVerdict;
}
