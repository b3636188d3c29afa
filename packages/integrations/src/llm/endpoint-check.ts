// Checks that an OpenAI-compatible endpoint serves a model before an admin registers it
// (docs/fine-tuning.md#bring-your-own-model): one tiny chat completion through the `openai` SDK.
// Answers null when it answered, else the endpoint's own words (or why it could not be reached).
import type { EndpointCheck } from '@doppel/domain/admin/models';
import { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { createOpenAiClient } from './openai-client.ts';

export const checkChatEndpoint: EndpointCheck = async ({ baseUrl, apiKey, model }) => {
  const client = createOpenAiClient({ apiKey, baseURL: baseUrl, timeoutMs: 15_000 });
  try {
    await client.chat.completions.create({ model, messages: [{ role: 'user', content: 'ping' }], max_tokens: 1 });
    return null;
  } catch (error) {
    if (error instanceof APIConnectionTimeoutError) return 'no answer within 15 seconds';
    if (error instanceof APIConnectionError) return 'could not connect';
    if (error instanceof APIError) {
      const body: unknown = error.error;
      const message =
        body && typeof body === 'object' && 'message' in body && typeof body.message === 'string' ? body.message : null;
      return message ?? error.message;
    }
    return 'the check failed';
  }
};
