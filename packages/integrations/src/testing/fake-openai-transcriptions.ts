// POST /v1/audio/transcriptions of the fake OpenAI server: multipart/form-data as the SDK sends it
// (a `file` part with its name and type, `model`, `response_format`), answered `{ "text": ... }`
// from a script of transcripts or HTTP errors, else a fixed transcript. Its test controls are
// spread into the fake's own (fake-openai.ts).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendJson } from './http.ts';

/** One scripted answer: a transcript, or an error status (a 429 may say when to come back). */
export type FakeTranscriptionReply =
  | { text: string }
  | { error: { status: number; message?: string; retryAfterSeconds?: number } };

/** A transcription request as the fake received it. */
export type FakeTranscriptionRequest = {
  model: string | null;
  responseFormat: string | null;
  fileName: string | null;
  contentType: string | null;
  bytes: number;
};

export type FakeTranscriptionControls = {
  /** Queue the next answers of /v1/audio/transcriptions (first in, first out). */
  scriptTranscriptions: (...replies: FakeTranscriptionReply[]) => void;
  /** Every transcription request, in order. */
  transcriptionRequests: () => FakeTranscriptionRequest[];
};

/** What the fake hears when nothing is scripted. */
export const FAKE_TRANSCRIPT = 'Hello from a voice note';

export const transcriptionsPath = '/v1/audio/transcriptions';

export function createFakeTranscriptions() {
  const queue: FakeTranscriptionReply[] = [];
  const received: FakeTranscriptionRequest[] = [];
  const answer = async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const type = request.headers['content-type'] ?? '';
    if (!type.toLowerCase().startsWith('multipart/form-data')) {
      return sendJson(response, 400, openAiError("Could not parse multipart form: expected 'multipart/form-data'"));
    }
    const form = await new Response(Buffer.concat(chunks), { headers: { 'content-type': type } }).formData();
    const file = form.get('file');
    const model = form.get('model');
    const format = form.get('response_format');
    received.push({
      model: typeof model === 'string' ? model : null,
      responseFormat: typeof format === 'string' ? format : null,
      fileName: file instanceof File ? file.name : null,
      contentType: file instanceof File ? file.type : null,
      bytes: file instanceof File ? file.size : 0,
    });
    // OpenAI's own refusals of a malformed request.
    if (!(file instanceof File)) return sendJson(response, 400, openAiError("'file' is a required property", 'file'));
    if (typeof model !== 'string' || model === '')
      return sendJson(response, 400, openAiError("'model' is a required property", 'model'));
    const reply = queue.shift() ?? { text: FAKE_TRANSCRIPT };
    if ('error' in reply) {
      const { status, message, retryAfterSeconds } = reply.error;
      const headers: Record<string, string> = retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) };
      const kind = status >= 500 ? 'server_error' : 'invalid_request_error';
      return sendJson(response, status, openAiError(message ?? `Fake error ${status}`, null, kind), headers);
    }
    sendJson(response, 200, { text: reply.text, usage: { type: 'duration', seconds: 1 } });
  };
  const controls: FakeTranscriptionControls = {
    scriptTranscriptions: (...replies) => {
      queue.push(...replies);
    },
    transcriptionRequests: () => [...received],
  };
  const reset = () => {
    queue.length = 0;
    received.length = 0;
  };
  return { answer, controls, reset };
}

const openAiError = (message: string, param: string | null = null, type = 'invalid_request_error') => ({
  error: { message, type, param, code: null },
});
