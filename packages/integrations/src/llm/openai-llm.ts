// LlmPort through the official `openai` SDK: chat completions with tools (functions) and embeddings.
// Works against OpenAI and any OpenAI-compatible server (baseURL). The SDK never retries here: the
// reply job owns retries, so a failed call surfaces at once as an LlmError that says if a retry may help.
import {
  type LlmCompleteOptions,
  LlmError,
  type LlmPort,
  type LlmRequest,
  type LlmResponse,
  type ModelCheck,
} from '@doppel/domain/ports';
import OpenAI from 'openai';
import { microBatch } from './micro-batch.ts';
import { createNodeHttpFetch, nodeResponseBody } from './node-http-fetch.ts';
import { createOpenAiClient } from './openai-client.ts';
import { extractMemoriesWithOpenAi } from './openai-memory.ts';
import { createOpenAiModerator, DEFAULT_MODERATION_MODEL, isOpenAiInputError } from './openai-moderation.ts';
import { addStreamChunk, emptyStreamedCompletion, firstToolCall, readChatStream } from './openai-stream.ts';

export { DEFAULT_OPENAI_TIMEOUT_MS } from './openai-client.ts';
export const DEFAULT_EMBEDDING_MODEL = 'text-embedding-3-small';

export type OpenAiLlmConfig = {
  /** OPENAI_API_KEY. Optional for OpenAI-compatible servers without auth (then a placeholder is sent). */
  apiKey?: string | null;
  /** OPENAI_BASE_URL, e.g. http://127.0.0.1:11434/v1; default https://api.openai.com/v1. */
  baseURL?: string | null;
  /** OPENAI_CHAT_MODEL: when set, used instead of the talent's model (e.g. a local server's only model). */
  chatModel?: string | null;
  embeddingModel?: string | null;
  /** Per request; default 30 s. */
  timeoutMs?: number;
  /** OPENAI_MODERATION: false for a server without /v1/moderations (Ollama, vLLM), so no reply asks it. */
  moderation?: boolean;
};

export const createOpenAiLlm = (config: OpenAiLlmConfig): LlmPort => {
  // Every request goes out over node:http (node-http-fetch.ts), a streamed reply's body read as
  // Node's stream: the embedding, the moderation checks and the memory extraction of each reply too.
  const client = createOpenAiClient({
    apiKey: config.apiKey,
    baseURL: config.baseURL,
    timeoutMs: config.timeoutMs,
    fetch: createNodeHttpFetch(),
  });
  const embeddingModel = config.embeddingModel || DEFAULT_EMBEDDING_MODEL;

  const complete = async (request: LlmRequest, options?: LlmCompleteOptions): Promise<LlmResponse> => {
    const tools = request.functions.map((fn) => ({
      type: 'function' as const,
      function: { name: fn.name, description: fn.description, parameters: fn.parameters },
    }));
    if (options?.onText) return completeStreamed(request, tools, options.onText);
    let completion: OpenAI.Chat.Completions.ChatCompletion;
    try {
      completion = await client.chat.completions.create({
        model: config.chatModel || request.model,
        temperature: request.temperature,
        messages: request.messages,
        ...(request.maxTokens ? { max_completion_tokens: request.maxTokens } : {}),
        // OpenAI rejects tool_choice without tools.
        ...(tools.length > 0 ? { tools, tool_choice: 'auto' as const } : {}),
      });
    } catch (error) {
      throw toLlmError(error, 'chat completion');
    }
    return mapCompletion(completion);
  };

  // The same request with `stream: true`: the text so far goes to `onText` as it grows, and the
  // answer is only returned once the model said it finished, so a cut stream is an error, never a half reply.
  const completeStreamed = async (
    request: LlmRequest,
    tools: OpenAI.Chat.Completions.ChatCompletionTool[],
    onText: (textSoFar: string) => void,
  ): Promise<LlmResponse> => {
    const streamed = emptyStreamedCompletion();
    try {
      // The SDK sends the request and turns an HTTP error into its APIError; the events of the
      // body are read by readChatStream (openai-stream.ts), cheaper than the SDK's own reader,
      // from Node's stream of the body (node-http-fetch.ts) rather than the web stream over it.
      const response = await client.chat.completions
        .create({
          model: config.chatModel || request.model,
          temperature: request.temperature,
          messages: request.messages,
          ...(request.maxTokens ? { max_completion_tokens: request.maxTokens } : {}),
          ...(tools.length > 0 ? { tools, tool_choice: 'auto' as const } : {}),
          stream: true,
          stream_options: { include_usage: true },
        })
        .asResponse();
      const onChunk = (chunk: OpenAI.Chat.Completions.ChatCompletionChunk) => {
        if (addStreamChunk(streamed, chunk)) onText(streamed.text);
      };
      const body = nodeResponseBody(response);
      if (!body) throw new LlmError('OpenAI chat completion stream came without a body', true);
      await readChatStream(body, onChunk, response.headers);
    } catch (error) {
      throw toLlmError(error, 'chat completion stream');
    }
    if (!streamed.finishReason) throw new LlmError('OpenAI chat completion stream ended before the reply was complete', true);
    const call = firstToolCall(streamed);
    return {
      text: streamed.text.trim() !== '' ? streamed.text : null,
      functionCall: call ? { name: call.name, arguments: parseArguments(call.name, call.arguments) } : null,
      usage: streamed.usage,
      engine: 'openai',
    };
  };

  // Texts asked for in the same turn of the event loop share a request (micro-batch.ts): each
  // reply embeds the fan's message, and a worker holds hundreds of replies at once. A large call
  // (knowledge ingestion's batches) goes alone.
  const embedTogether = microBatch(
    async (texts: string[]) => {
      // Floats explicitly: OpenAI-compatible servers do not all speak the SDK's default base64.
      const response = await client.embeddings.create({ model: embeddingModel, input: texts, encoding_format: 'float' });
      const vectors = [...response.data].sort((a, b) => a.index - b.index).map((item) => item.embedding);
      if (vectors.length !== texts.length) {
        throw new LlmError(`Embeddings: expected ${texts.length} vectors, got ${vectors.length}`, true);
      }
      return vectors;
    },
    { maxInputs: 128, maxChars: 200_000, isInputError: isOpenAiInputError },
  );

  const embed = async (texts: string[]): Promise<number[][]> => {
    try {
      return await embedTogether(texts);
    } catch (error) {
      throw toLlmError(error, 'embeddings');
    }
  };

  // GET /v1/models/{id}: free, answers for chat, fine-tuned and embedding models alike, and says
  // "does not exist" for a retired or misspelt one (a completion would cost tokens every run).
  const checkModel = async (modelId: string): Promise<ModelCheck> => {
    try {
      const model = await client.models.retrieve(modelId);
      if (model.id !== modelId) return { healthy: false, error: `OpenAI answered for ${model.id} instead of ${modelId}` };
      return { healthy: true };
    } catch (error) {
      return { healthy: false, error: toLlmError(error, 'model check').message };
    }
  };

  const extractMemories: LlmPort['extractMemories'] = async (request) => {
    try {
      return await extractMemoriesWithOpenAi(client, config.chatModel || request.model, request);
    } catch (error) {
      throw toLlmError(error, 'memory extraction');
    }
  };

  const moderateOne = createOpenAiModerator(client, DEFAULT_MODERATION_MODEL);
  const moderate: LlmPort['moderate'] = async (text) => {
    try {
      return await moderateOne(text);
    } catch (error) {
      throw toLlmError(error, 'moderation');
    }
  };

  return {
    engine: 'openai',
    complete,
    embed,
    embeddingModel,
    checkModel,
    extractMemories,
    ...(config.moderation === false ? {} : { moderate }),
  };
};

const mapCompletion = (completion: OpenAI.Chat.Completions.ChatCompletion): LlmResponse => {
  const message = completion.choices[0]?.message;
  if (!message) throw new LlmError('OpenAI chat completion returned no choices', true);
  const toolCall = message.tool_calls?.find((call) => call.type === 'function');
  let functionCall: LlmResponse['functionCall'] = null;
  if (toolCall && toolCall.type === 'function') {
    functionCall = {
      name: toolCall.function.name,
      arguments: parseArguments(toolCall.function.name, toolCall.function.arguments),
    };
  }
  const text = typeof message.content === 'string' && message.content.trim() !== '' ? message.content : null;
  const usage = completion.usage
    ? {
        promptTokens: completion.usage.prompt_tokens,
        completionTokens: completion.usage.completion_tokens,
        totalTokens: completion.usage.total_tokens,
      }
    : null;
  return { text, functionCall, usage, engine: 'openai' };
};

const parseArguments = (name: string, raw: string): Record<string, unknown> => {
  // Models send "" for a call without arguments.
  if (raw.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new LlmError(`The model called ${name} with malformed JSON arguments: ${truncate(raw, 200)}`, false);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new LlmError(`The model called ${name} with arguments that are not a JSON object: ${truncate(raw, 200)}`, false);
  }
  return parsed as Record<string, unknown>;
};

/** 408, 409, 429, 5xx and connection failures may pass on a retry (the SDK's own rule); other 4xx will not. */
const toLlmError = (error: unknown, what: string): LlmError => {
  if (error instanceof LlmError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError) return new LlmError(`OpenAI ${what} timed out`, true);
  if (error instanceof OpenAI.APIConnectionError) {
    return new LlmError(`OpenAI ${what} could not connect: ${error.message}`, true);
  }
  if (error instanceof OpenAI.APIError) {
    const status = error.status;
    const retryable = status === undefined || status === 408 || status === 409 || status === 429 || status >= 500;
    const rateLimit = status === 429 ? { provider: 'openai', retryAfterMs: retryAfterMs(error.headers) } : undefined;
    return new LlmError(`OpenAI ${what} failed (HTTP ${status ?? 'unknown'}): ${error.message}`, retryable, rateLimit);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new LlmError(`OpenAI ${what} failed: ${message}`, true);
};

/**
 * How long a 429 asks us to wait: OpenAI's `retry-after-ms`, else the standard `retry-after` in
 * seconds or as an HTTP date; null when it says nothing usable.
 */
export function retryAfterMs(headers: Headers | undefined, now = Date.now()): number | null {
  const milliseconds = Number(headers?.get('retry-after-ms') ?? Number.NaN);
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return Math.round(milliseconds);
  const value = headers?.get('retry-after');
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

const truncate = (text: string, length: number) => (text.length > length ? `${text.slice(0, length)}…` : text);
