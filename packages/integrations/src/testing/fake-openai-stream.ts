// Streamed chat completions of the fake OpenAI server (`stream: true`), in OpenAI's wire format:
// server-sent events, one `data: {chat.completion.chunk}` per token, a usage chunk when
// `stream_options.include_usage` asks for it, then `data: [DONE]`. A tool call arrives as OpenAI
// sends it: its id and name first, then its JSON arguments in fragments. Tests script a pace per
// token and a failure after some chunks (the connection cut, or an error event).
import type { ServerResponse } from 'node:http';
import { delay } from './http.ts';

/** How a streamed reply fails, after `afterChunks` content or argument chunks were sent. */
export type FakeStreamFailure = { afterChunks: number; kind: 'cut' | 'error'; message?: string };

export type FakeStreamReply = {
  text: string | null;
  toolCall: { name: string; arguments: string } | null;
  usage: { promptTokens: number; completionTokens: number };
  /** Wait before each token; 0 sends them as fast as the socket takes them. */
  tokenDelayMs: number;
  failure?: FakeStreamFailure;
  /** Called right after each content token is written (the benchmark's clock of the model's tokens). */
  onToken?: (index: number) => void;
};

/** Splits text the way models stream it: each word with the space before it (" there"), so the parts join back exactly. */
export const streamTokens = (text: string): string[] => text.match(/\s*\S+|\s+$/g) ?? (text ? [text] : []);

/** Writes one streamed completion; resolves when the response has ended (or was cut). */
export async function sendChatStream(
  response: ServerResponse,
  request: { model: string; stream_options?: { include_usage?: boolean } | null },
  reply: FakeStreamReply,
  sequence: number,
): Promise<void> {
  const id = `chatcmpl-fake-${sequence}`;
  const created = Math.floor(Date.now() / 1000);
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model: request.model,
    system_fingerprint: 'fp_fake',
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
  });
  const write = (data: unknown) => response.write(`data: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`);

  response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
  write(chunk({ role: 'assistant', content: '', refusal: null }));

  // Content tokens first, then the tool call's argument fragments, as OpenAI orders them.
  const parts: Array<Record<string, unknown>> = streamTokens(reply.text ?? '').map((token) => ({ content: token }));
  if (reply.toolCall) {
    parts.push({
      tool_calls: [
        { index: 0, id: `call_fake_${sequence}`, type: 'function', function: { name: reply.toolCall.name, arguments: '' } },
      ],
    });
    // Fragments of a few characters: a JSON argument is never whole in one chunk.
    for (const fragment of reply.toolCall.arguments.match(/[\s\S]{1,7}/g) ?? []) {
      parts.push({ tool_calls: [{ index: 0, function: { arguments: fragment } }] });
    }
  }

  let sent = 0;
  for (const delta of parts) {
    if (reply.failure && sent >= reply.failure.afterChunks) return fail(response, reply.failure, write);
    if (reply.tokenDelayMs > 0) await delay(reply.tokenDelayMs);
    if (response.destroyed) return;
    write(chunk(delta));
    if ('content' in delta) reply.onToken?.(sent);
    sent += 1;
  }
  if (reply.failure) return fail(response, reply.failure, write);
  write(chunk({}, reply.toolCall ? 'tool_calls' : 'stop'));
  if (request.stream_options?.include_usage) {
    const { promptTokens, completionTokens } = reply.usage;
    write({
      id,
      object: 'chat.completion.chunk',
      created,
      model: request.model,
      choices: [],
      usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    });
  }
  write('[DONE]');
  response.end();
}

function fail(response: ServerResponse, failure: FakeStreamFailure, write: (data: unknown) => boolean): void {
  if (failure.kind === 'error') {
    // What OpenAI sends when a stream fails on its side: an event carrying an error object.
    write({
      error: { message: failure.message ?? 'The server had an error while processing your request.', type: 'server_error' },
    });
    response.end();
    return;
  }
  // A crash or a lost network: the socket goes away in the middle of the body.
  response.socket?.destroy();
}
