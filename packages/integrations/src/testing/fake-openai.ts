// A local OpenAI-compatible server for tests: the real `openai` SDK talks to it over HTTP.
// POST /v1/chat/completions answers from a script of queued replies (text, tool call, HTTP error),
// then from a fallback; requests for structured output (`response_format` json_schema, e.g. memory
// extraction) have a script of their own and otherwise get the schema's empty value; POST /v1/embeddings returns the same hashed vectors as the offline engine;
// GET /v1/models and /v1/models/{id} know every model, or only `models` when that option is set.
// Files and fine-tuning jobs live in fake-openai-fine-tuning.ts, with their own test controls;
// POST /v1/audio/transcriptions in fake-openai-transcriptions.ts.

import type { ServerResponse } from 'node:http';
import { hashedEmbedding, OFFLINE_EMBEDDING_DIMENSIONS } from '../text/hashed-embedding.ts';
import {
  createFakeFineTuning,
  type FakeFineTuningControls,
  isFineTuningPath,
  isMultipart,
  readUpload,
} from './fake-openai-fine-tuning.ts';
import { type FakeModerationRule, moderationResponse } from './fake-openai-moderation.ts';
import { type FakeStreamFailure, sendChatStream } from './fake-openai-stream.ts';
import { createFakeTranscriptions, type FakeTranscriptionControls, transcriptionsPath } from './fake-openai-transcriptions.ts';
import { delay, listen, readBody, sendJson } from './http.ts';

/**
 * One scripted answer of the fake. `delayMs` holds the response back (timeouts, typing indicators).
 * Asked with `stream: true` (fake-openai-stream.ts), `tokenDelayMs` paces the tokens and
 * `streamFailure` cuts the connection or sends an error event after some chunks.
 */
export type FakeOpenAiReply = (
  | { text: string; usage?: FakeUsage }
  | { toolCall: { name: string; arguments: Record<string, unknown> | string }; text?: string | null; usage?: FakeUsage }
  | { error: { status: number; message?: string; type?: string; code?: string | null; retryAfterSeconds?: number } }
) & { delayMs?: number; tokenDelayMs?: number; streamFailure?: FakeStreamFailure };

export type FakeUsage = { promptTokens: number; completionTokens: number };

export type FakeChatMessage = { role: string; content: string | null };
export type FakeChatTool = { type: 'function'; function: { name: string; description?: string; parameters?: unknown } };

/** A chat completion request as the SDK sent it (the JSON body). */
export type FakeChatRequest = {
  model: string;
  messages: FakeChatMessage[];
  temperature?: number;
  tools?: FakeChatTool[];
  tool_choice?: unknown;
  [key: string]: unknown;
};

export type FakeOpenAiRequest =
  | { path: '/v1/chat/completions'; authorization: string | null; body: FakeChatRequest }
  | {
      path: '/v1/embeddings';
      authorization: string | null;
      body: { model: string; input: string | string[]; [key: string]: unknown };
    }
  | { path: string; authorization: string | null; body: unknown };

export type FakeOpenAi = {
  /** Base URL for the SDK (`baseURL`), ending in /v1. */
  url: string;
  /** Every request received, in order, with its parsed JSON body. */
  requests: FakeOpenAiRequest[];
  /** Just the chat completion bodies, in order. */
  chatRequests: () => FakeChatRequest[];
  /** Queue the next replies of /v1/chat/completions (first in, first out). */
  script: (...replies: FakeOpenAiReply[]) => void;
  /**
   * Queue the next replies of structured-output requests (`response_format` json_schema), apart
   * from the chat replies above, so a test need not know in which order the two kinds arrive.
   */
  scriptJson: (...replies: FakeOpenAiReply[]) => void;
  /** Just the structured-output request bodies (memory extraction), in order. */
  jsonRequests: () => FakeChatRequest[];
  /** Replies still queued. */
  pending: () => number;
  /** What POST /v1/moderations flags from now on (fake-openai-moderation.ts); null: nothing. */
  moderate: (rule: FakeModerationRule | null) => void;
  /** The texts sent to POST /v1/moderations, in order. */
  moderationInputs: () => string[];
  /** Forget queued replies, captured requests, files, fine-tuning jobs and scripted failures. */
  reset: () => void;
  close: () => Promise<void>;
} & FakeFineTuningControls &
  FakeTranscriptionControls;

export type FakeOpenAiOptions = {
  /** The answer when nothing is queued; default a short text echoing the last user message. */
  fallback?: (request: FakeChatRequest) => FakeOpenAiReply;
  /** When set, requests without `Authorization: Bearer <apiKey>` get 401 like OpenAI. */
  apiKey?: string;
  /** Embedding dimensions; default the offline engine's 512. */
  embeddingDimensions?: number;
  /** The models GET /v1/models/{id} knows; any other answers 404 model_not_found. Default: every id. */
  models?: readonly string[];
  /** The bases POST /v1/fine_tuning/jobs accepts (until fineTunableBases changes them). Default: every model. */
  fineTunableBases?: readonly string[];
  /** Wait before each streamed token unless a reply says otherwise (a model's fixed token rate); default 0. */
  tokenDelayMs?: number;
  /** Called as each streamed content token is written, with its place in the reply (benchmarks time the relay by it). */
  onStreamToken?: (request: FakeChatRequest, index: number) => void;
};

const defaultFallback = (request: FakeChatRequest): FakeOpenAiReply => {
  const lastUser = [...request.messages].reverse().find((message) => message.role === 'user');
  return { text: `Fake reply to: ${lastUser?.content ?? ''}` };
};

export const startFakeOpenAi = async (options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> => {
  const queue: FakeOpenAiReply[] = [];
  const jsonQueue: FakeOpenAiReply[] = [];
  const requests: FakeOpenAiRequest[] = [];
  const fallback = options.fallback ?? defaultFallback;
  const dimensions = options.embeddingDimensions ?? OFFLINE_EMBEDDING_DIMENSIONS;
  let sequence = 0;
  const fineTuning = createFakeFineTuning(options.fineTunableBases ?? null);
  let moderationRule: FakeModerationRule | null = null;
  const transcriptions = createFakeTranscriptions();

  const server = await listen(async (request, response) => {
    try {
      const path = (request.url ?? '/').split('?')[0] ?? '/';
      const authorization = request.headers.authorization ?? null;
      if (path === transcriptionsPath && request.method === 'POST') {
        // Audio is multipart with a binary file part: read apart from the fine-tuning uploads.
        requests.push({ path, authorization, body: null });
        if (options.apiKey && authorization !== `Bearer ${options.apiKey}`) {
          return sendJson(response, 401, openAiError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'));
        }
        return await transcriptions.answer(request, response);
      }
      let body: unknown = null;
      // File uploads are multipart; every other request is JSON.
      if (isMultipart(request)) {
        body = await readUpload(request);
      } else {
        const raw = await readBody(request);
        try {
          body = raw ? JSON.parse(raw) : null;
        } catch {
          return sendJson(
            response,
            400,
            openAiError('We could not parse the JSON body of your request.', 'invalid_request_error'),
          );
        }
      }
      requests.push({ path, authorization, body } as FakeOpenAiRequest);
      if (options.apiKey && authorization !== `Bearer ${options.apiKey}`) {
        return sendJson(response, 401, openAiError('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'));
      }
      if (isFineTuningPath(path)) {
        return fineTuning.answer(request.method ?? 'GET', new URL(request.url ?? '/', 'http://fake-openai'), body, response);
      }
      if (request.method === 'GET' && (path === '/v1/models' || path.startsWith('/v1/models/'))) {
        return answerModels(response, path, options.models);
      }
      if (request.method !== 'POST') return sendJson(response, 405, openAiError('Method not allowed', 'invalid_request_error'));

      if (path === '/v1/chat/completions') {
        const chat = body as FakeChatRequest;
        const schema = jsonSchemaOf(chat);
        const reply =
          schema === undefined
            ? (queue.shift() ?? fallback(chat))
            : (jsonQueue.shift() ?? { text: JSON.stringify(emptyValue(schema)) });
        if (reply.delayMs) await delay(reply.delayMs);
        if ('error' in reply) {
          const { status, message, type, code, retryAfterSeconds } = reply.error;
          // A 429 says when to come back, as OpenAI's does (the SDK would otherwise wait on its own).
          const headers: Record<string, string> =
            retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) };
          return sendJson(
            response,
            status,
            openAiError(
              message ?? `Fake error ${status}`,
              type ?? (status >= 500 ? 'server_error' : 'invalid_request_error'),
              code,
            ),
            headers,
          );
        }
        sequence += 1;
        const completion = chatCompletion(chat, reply, sequence);
        if (chat.stream !== true) return sendJson(response, 200, completion);
        const message = completion.choices[0]?.message;
        const call = message?.tool_calls?.[0]?.function;
        return await sendChatStream(
          response,
          chat as FakeChatRequest & { stream_options?: { include_usage?: boolean } },
          {
            text: message?.content ?? null,
            toolCall: call ?? null,
            usage: { promptTokens: completion.usage.prompt_tokens, completionTokens: completion.usage.completion_tokens },
            tokenDelayMs: reply.tokenDelayMs ?? options.tokenDelayMs ?? 0,
            ...(reply.streamFailure ? { failure: reply.streamFailure } : {}),
            ...(options.onStreamToken ? { onToken: (index: number) => options.onStreamToken?.(chat, index) } : {}),
          },
          sequence,
        );
      }

      if (path === '/v1/moderations') {
        sequence += 1;
        return sendJson(response, 200, moderationResponse(body as { input: unknown }, moderationRule, sequence));
      }

      if (path === '/v1/embeddings') {
        const embeddingBody = body as { model: string; input: string | string[]; encoding_format?: string };
        const inputs = Array.isArray(embeddingBody.input) ? embeddingBody.input : [embeddingBody.input];
        const data = inputs.map((text, index) => {
          const vector = hashedEmbedding(String(text), dimensions);
          return {
            object: 'embedding',
            index,
            // The SDK asks for base64 unless told otherwise: little-endian float32, like OpenAI.
            embedding:
              embeddingBody.encoding_format === 'base64'
                ? Buffer.from(new Float32Array(vector).buffer).toString('base64')
                : vector,
          };
        });
        const tokens = inputs.reduce((sum, text) => sum + countTokens(String(text)), 0);
        return sendJson(response, 200, {
          object: 'list',
          data,
          model: embeddingBody.model,
          usage: { prompt_tokens: tokens, total_tokens: tokens },
        });
      }

      return sendJson(response, 404, openAiError(`Unknown request URL: POST ${path}`, 'invalid_request_error', 'unknown_url'));
    } catch (error) {
      sendJson(response, 500, openAiError(error instanceof Error ? error.message : 'Fake server error', 'server_error'));
    }
  });

  return {
    url: `${server.origin}/v1`,
    requests,
    chatRequests: () =>
      requests.flatMap((entry) =>
        entry.path === '/v1/chat/completions' && jsonSchemaOf(entry.body as FakeChatRequest) === undefined
          ? [entry.body as FakeChatRequest]
          : [],
      ),
    jsonRequests: () =>
      requests.flatMap((entry) =>
        entry.path === '/v1/chat/completions' && jsonSchemaOf(entry.body as FakeChatRequest) !== undefined
          ? [entry.body as FakeChatRequest]
          : [],
      ),
    script: (...replies) => {
      queue.push(...replies);
    },
    scriptJson: (...replies) => {
      jsonQueue.push(...replies);
    },
    pending: () => queue.length + jsonQueue.length,
    moderate: (rule) => {
      moderationRule = rule;
    },
    moderationInputs: () =>
      requests.flatMap((entry) => {
        if (entry.path !== '/v1/moderations') return [];
        const input = (entry.body as { input: unknown }).input;
        return (Array.isArray(input) ? input : [input]).map(String);
      }),
    reset: () => {
      moderationRule = null;
      queue.length = 0;
      jsonQueue.length = 0;
      requests.length = 0;
      fineTuning.reset();
      transcriptions.reset();
    },
    close: server.close,
    fineTunableBases: fineTuning.fineTunableBases,
    failNextJob: fineTuning.failNextJob,
    failNextUpload: fineTuning.failNextUpload,
    holdNext: fineTuning.holdNext,
    jobsCreated: fineTuning.jobsCreated,
    filesUploaded: fineTuning.filesUploaded,
    ...transcriptions.controls,
  };
};

const openAiError = (message: string, type: string, code: string | null = null, param: string | null = null) => ({
  error: { message, type, param, code },
});

/** OpenAI's model object; `created` is fixed so answers are stable. */
const modelObject = (id: string) => ({ id, object: 'model', created: 1_700_000_000, owned_by: 'fake-openai' });

/** GET /v1/models (the list) and GET /v1/models/{id}, with OpenAI's 404 for a model it does not know. */
const answerModels = (response: ServerResponse, path: string, known: readonly string[] | undefined): void => {
  if (path === '/v1/models') {
    sendJson(response, 200, { object: 'list', data: (known ?? []).map(modelObject) });
    return;
  }
  // Fine-tuned ids hold colons; the SDK sends them as they are, other clients may percent-encode.
  const id = decodeURIComponent(path.slice('/v1/models/'.length));
  if (known && !known.includes(id)) {
    sendJson(response, 404, openAiError(`The model '${id}' does not exist`, 'invalid_request_error', 'model_not_found', 'model'));
    return;
  }
  sendJson(response, 200, modelObject(id));
};

/** The JSON schema a structured-output request asks for, as OpenAI reads `response_format`. */
const jsonSchemaOf = (request: FakeChatRequest): Record<string, unknown> | undefined => {
  const format = request.response_format as { type?: string; json_schema?: { schema?: Record<string, unknown> } } | undefined;
  return format?.type === 'json_schema' ? (format.json_schema?.schema ?? {}) : undefined;
};

/** The smallest answer that fits a schema: empty lists and strings, every required property present. */
const emptyValue = (schema: Record<string, unknown>): unknown => {
  if (schema.type === 'array') return [];
  if (schema.type === 'string') return '';
  if (schema.type === 'number' || schema.type === 'integer') return 0;
  if (schema.type === 'boolean') return false;
  const properties = (schema.properties ?? {}) as Record<string, Record<string, unknown>>;
  const required = (schema.required ?? Object.keys(properties)) as string[];
  return Object.fromEntries(required.map((key) => [key, emptyValue(properties[key] ?? {})]));
};

/** About four characters a token, like OpenAI's rule of thumb; only needs to be stable. */
const countTokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

const chatCompletion = (request: FakeChatRequest, reply: Exclude<FakeOpenAiReply, { error: unknown }>, sequence: number) => {
  const promptTokens = request.messages.reduce((sum, message) => sum + countTokens(message.content ?? ''), 0);
  let content: string | null;
  let toolCalls: Array<{ id: string; type: string; function: { name: string; arguments: string } }> | undefined;
  let completionText: string;
  if ('toolCall' in reply) {
    const args =
      typeof reply.toolCall.arguments === 'string' ? reply.toolCall.arguments : JSON.stringify(reply.toolCall.arguments);
    content = reply.text ?? null;
    toolCalls = [{ id: `call_fake_${sequence}`, type: 'function', function: { name: reply.toolCall.name, arguments: args } }];
    completionText = `${content ?? ''}${reply.toolCall.name}${args}`;
  } else {
    content = reply.text;
    completionText = reply.text;
  }
  const usage = reply.usage ?? { promptTokens, completionTokens: countTokens(completionText) };
  return {
    id: `chatcmpl-fake-${sequence}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: request.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null, ...(toolCalls ? { tool_calls: toolCalls } : {}) },
        logprobs: null,
        finish_reason: toolCalls ? 'tool_calls' : 'stop',
      },
    ],
    usage: {
      prompt_tokens: usage.promptTokens,
      completion_tokens: usage.completionTokens,
      total_tokens: usage.promptTokens + usage.completionTokens,
    },
    system_fingerprint: 'fp_fake',
  };
};
