// Puts a streamed chat completion back together: content deltas appended in order, each tool call
// assembled from its first chunk (id, name) and its argument fragments, usage from the last chunk
// (`stream_options.include_usage`). Pure, so the joining rules are unit-tested without a server.
import OpenAI from 'openai';

type ToolCallParts = { id: string; name: string; arguments: string };

export type StreamedCompletion = {
  text: string;
  /** By the `index` OpenAI gives each call; a call's later chunks carry only that index. */
  toolCalls: Map<number, ToolCallParts>;
  /** Null until the model says it is done: a stream that ends without one was cut short. */
  finishReason: string | null;
  usage: { promptTokens: number; completionTokens: number; totalTokens: number } | null;
};

export const emptyStreamedCompletion = (): StreamedCompletion => ({
  text: '',
  toolCalls: new Map(),
  finishReason: null,
  usage: null,
});

/** Adds one chunk; true when the reply text grew (worth showing the fan). */
export function addStreamChunk(completion: StreamedCompletion, chunk: OpenAI.Chat.Completions.ChatCompletionChunk): boolean {
  if (chunk.usage) {
    completion.usage = {
      promptTokens: chunk.usage.prompt_tokens,
      completionTokens: chunk.usage.completion_tokens,
      totalTokens: chunk.usage.total_tokens,
    };
  }
  const choice = chunk.choices[0];
  if (!choice) return false;
  if (choice.finish_reason) completion.finishReason = choice.finish_reason;
  for (const part of choice.delta.tool_calls ?? []) {
    const call = completion.toolCalls.get(part.index) ?? { id: '', name: '', arguments: '' };
    if (part.id) call.id = part.id;
    // Some OpenAI-compatible servers repeat the name on every chunk; OpenAI sends it once.
    if (part.function?.name && !call.name) call.name = part.function.name;
    if (part.function?.arguments) call.arguments += part.function.arguments;
    completion.toolCalls.set(part.index, call);
  }
  const content = choice.delta.content;
  if (typeof content !== 'string' || content === '') return false;
  completion.text += content;
  return true;
}

/** The first function call, as the non-streamed answer would carry it. */
export function firstToolCall(completion: StreamedCompletion): ToolCallParts | null {
  const first = [...completion.toolCalls.entries()].sort(([a], [b]) => a - b)[0]?.[1];
  return first?.name ? first : null;
}

type ChatChunk = OpenAI.Chat.Completions.ChatCompletionChunk;

/**
 * The chunks of a streamed chat completion, read from Node's stream of the response body (server-
 * sent events) by its `data` events, each handed to `onChunk` as it is parsed, as the SDK's
 * `Stream` would yield them: each event's `data` lines parsed as JSON, `[DONE]` ends it, an event
 * carrying `error` fails with the SDK's `APIError` (a server failing mid-stream), and an event not
 * ended by a blank line before the body ends is dropped. Lines end in LF, CRLF or CR. Resolves at
 * the body's end; when `onChunk` throws, or an event carries an error, the body is destroyed and
 * the promise rejects.
 *
 * The SDK's own reader copies each network chunk into byte arrays and scans them for line breaks
 * byte by byte, and iterating a body costs a promise per network chunk; with hundreds of replies
 * streaming at once both showed in the worker's CPU (docs/chat-engine.md#reply-throughput). This
 * one decodes the bytes once and splits the text, with no promise per chunk.
 */
export function readChatStream(
  body: NodeJS.ReadableStream & { destroy: (error?: Error) => unknown },
  onChunk: (chunk: ChatChunk) => void,
  headers?: Headers,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const parser = chatStreamParser(onChunk, headers);
    let failed = false;
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      body.removeListener('data', onData);
      body.destroy();
      reject(error);
    };
    const onData = (bytes: Uint8Array) => {
      try {
        parser.add(bytes);
      } catch (error) {
        fail(error);
      }
    };
    body.on('data', onData);
    body.on('error', fail);
    // A body cut short ends with `close` and no `end` (or an error): what came is kept, as the
    // iterator keeps it, and a reply without its finish reason is then refused by the caller.
    body.on('close', () => {
      if (failed) return;
      try {
        parser.end();
        resolve();
      } catch (error) {
        fail(error);
      }
    });
  });
}

/** Server-sent events of a chat completion, bytes in, parsed chunks out to `onChunk`. */
function chatStreamParser(onChunk: (chunk: ChatChunk) => void, headers?: Headers) {
  const decoder = new TextDecoder();
  const lines = lineSplitter();
  let data: string[] = [];
  let event: string | null = null;
  let done = false;
  /** One line; at a blank line, the event it ends, when it is a chunk. */
  const read = (line: string): void => {
    if (line === '') {
      const payload = data.join('\n');
      const name = event;
      data = [];
      event = null;
      if (done || (payload === '' && name === null)) return;
      if (payload.startsWith('[DONE]')) {
        done = true;
        return;
      }
      // Assistants' `thread.*` events are not chat completion chunks.
      if (name?.startsWith('thread.')) return;
      const parsed = JSON.parse(payload) as ChatChunk & { error?: object };
      if (parsed?.error) throw new OpenAI.APIError(undefined, parsed.error, undefined, headers ?? new Headers());
      onChunk(parsed);
      return;
    }
    if (line.startsWith(':')) return; // a comment
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    const value = colon === -1 ? '' : line.slice(line.charCodeAt(colon + 1) === 32 ? colon + 2 : colon + 1);
    if (field === 'data') data.push(value);
    else if (field === 'event') event = value;
  };
  return {
    add: (bytes: Uint8Array) => {
      for (const line of lines.add(decoder.decode(bytes, { stream: true }))) read(line);
    },
    end: () => {
      for (const line of lines.end(decoder.decode())) read(line);
    },
  };
}

/** Complete lines out of text that arrives in pieces; LF, CRLF and CR end a line. */
function lineSplitter(): { add: (text: string) => string[]; end: (text: string) => string[] } {
  let buffer = '';
  /** A CR at the end of what came so far: its LF may come with the next piece. */
  let pendingCr = false;
  const add = (text: string): string[] => {
    let next = pendingCr ? `\r${text}` : text;
    pendingCr = false;
    if (next.includes('\r')) {
      if (next.endsWith('\r')) {
        pendingCr = true;
        next = next.slice(0, -1);
      }
      next = next.replace(/\r\n?/g, '\n');
    }
    buffer += next;
    const lines: string[] = [];
    let start = 0;
    for (let end = buffer.indexOf('\n'); end !== -1; end = buffer.indexOf('\n', start)) {
      lines.push(buffer.slice(start, end));
      start = end + 1;
    }
    buffer = buffer.slice(start);
    return lines;
  };
  return {
    add,
    end: (text) => {
      const lines = add(text);
      if (pendingCr) lines.push(buffer);
      return lines;
    },
  };
}
