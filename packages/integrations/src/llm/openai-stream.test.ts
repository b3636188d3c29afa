import { Readable } from 'node:stream';
import OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { streamTokens } from '../testing/fake-openai-stream.ts';
import { nodeResponseBody } from './node-http-fetch.ts';
import { offlineWords, streamOfflineText } from './offline-stream.ts';
import { addStreamChunk, emptyStreamedCompletion, firstToolCall, readChatStream } from './openai-stream.ts';

type Delta = OpenAI.Chat.Completions.ChatCompletionChunk.Choice.Delta;
const chunk = (delta: Delta, finish: OpenAI.Chat.Completions.ChatCompletionChunk.Choice['finish_reason'] = null) =>
  ({
    id: 'c',
    object: 'chat.completion.chunk',
    created: 0,
    model: 'm',
    choices: [{ index: 0, delta, finish_reason: finish }],
  }) as OpenAI.Chat.Completions.ChatCompletionChunk;

describe('addStreamChunk', () => {
  it('appends content deltas in order and says when the text grew', () => {
    const completion = emptyStreamedCompletion();
    expect(addStreamChunk(completion, chunk({ role: 'assistant', content: '' }))).toBe(false);
    expect(addStreamChunk(completion, chunk({ content: 'Hi' }))).toBe(true);
    expect(addStreamChunk(completion, chunk({ content: ' there' }))).toBe(true);
    expect(addStreamChunk(completion, chunk({}, 'stop'))).toBe(false);
    expect(completion).toMatchObject({ text: 'Hi there', finishReason: 'stop' });
  });

  it('assembles a tool call from its first chunk and its argument fragments, by index', () => {
    const completion = emptyStreamedCompletion();
    addStreamChunk(
      completion,
      chunk({ tool_calls: [{ index: 0, id: 'call_1', type: 'function', function: { name: 'send_pic', arguments: '' } }] }),
    );
    addStreamChunk(completion, chunk({ tool_calls: [{ index: 0, function: { arguments: '{"cont' } }] }));
    addStreamChunk(completion, chunk({ tool_calls: [{ index: 0, function: { arguments: 'ext":"cat"}' } }] }));
    addStreamChunk(completion, chunk({}, 'tool_calls'));
    expect(firstToolCall(completion)).toEqual({ id: 'call_1', name: 'send_pic', arguments: '{"context":"cat"}' });
  });

  it('takes the usage from the last chunk, which has no choices', () => {
    const completion = emptyStreamedCompletion();
    const usageChunk = { ...chunk({}), choices: [], usage: { prompt_tokens: 5, completion_tokens: 2, total_tokens: 7 } };
    expect(addStreamChunk(completion, usageChunk as OpenAI.Chat.Completions.ChatCompletionChunk)).toBe(false);
    expect(completion.usage).toEqual({ promptTokens: 5, completionTokens: 2, totalTokens: 7 });
    expect(completion.finishReason, 'a stream without a finish reason was cut').toBeNull();
  });
});

describe('word streaming', () => {
  it('splits text into pieces that join back exactly', () => {
    const text = ' Hello  there,\nfan 👋 ';
    expect(offlineWords(text).join('')).toBe(text);
    expect(streamTokens(text).join('')).toBe(text);
    expect(offlineWords('Hi you')).toEqual(['Hi', ' you']);
  });

  it('gives the offline text so far after each word, ending with the whole text', async () => {
    const seen: string[] = [];
    await streamOfflineText('one two three', (text) => seen.push(text), { wordDelayMs: 0, maxTotalMs: 0 });
    expect(seen).toEqual(['one', 'one two', 'one two three']);
  });
});

describe('readChatStream', () => {
  const encoder = new TextEncoder();
  /** The body as the network may cut it: every `size` bytes, a UTF-8 sequence or a CRLF split included. */
  async function* bodyOf(text: string, size: number) {
    const bytes = encoder.encode(text);
    for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
  }
  const read = async (text: string, size: number) => {
    const chunks: unknown[] = [];
    await readChatStream(Readable.from(bodyOf(text, size)), (parsed) => chunks.push(parsed));
    return chunks;
  };
  const event = (content: string) => chunk({ content });

  it('reads each event’s data as a chunk, whatever the line ends and however the body is cut', async () => {
    const events = [event('Olá '), event('😊 mundo'), { ...event(''), choices: [], usage: { prompt_tokens: 1 } }];
    const lf = `: keep-alive\n\n${events.map((one) => `data: ${JSON.stringify(one)}\n\n`).join('')}data: [DONE]\n\n`;
    for (const text of [lf, lf.replaceAll('\n', '\r\n'), lf.replaceAll('\n', '\r')])
      for (const size of [1, 2, 3, 7, 4096])
        expect(await read(text, size), `${JSON.stringify(text.slice(14, 16))} ${size}`).toEqual(events);
  });

  it('joins multi-line data, skips thread events, ignores what follows [DONE] and an event the body cut off', async () => {
    const one = event('a');
    const text = `event: thread.run\ndata: {"x":1}\n\ndata: {"id":"c","object":"chat.completion.chunk",\ndata: "created":0,"model":"m","choices":[{"index":0,"delta":{"content":"a"},"finish_reason":null}]}\n\ndata: [DONE]\n\ndata: ${JSON.stringify(event('late'))}\n\ndata: ${JSON.stringify(event('cut'))}`;
    expect(await read(text, 5)).toEqual([one]);
    expect(await read(`data: ${JSON.stringify(event('cut'))}\n`, 3)).toEqual([]);
  });

  it('reads the web body of a response from another fetch the same way, wrapped as a Node stream', async () => {
    const events = [event('Hi'), event(' there')];
    const text = `${events.map((one) => `data: ${JSON.stringify(one)}\n\n`).join('')}data: [DONE]\n\n`;
    const body = nodeResponseBody(new Response(text));
    if (!body) throw new Error('the response has a body');
    const chunks: unknown[] = [];
    await readChatStream(body, (parsed) => chunks.push(parsed));
    expect(chunks).toEqual(events);
    expect(nodeResponseBody(new Response(null)), 'no body, nothing to read').toBeUndefined();
  });

  it('throws the SDK’s APIError for an event carrying an error, as OpenAI sends when a stream fails', async () => {
    const failing = `data: ${JSON.stringify(event('a'))}\n\ndata: {"error":{"message":"boom","type":"server_error"}}\n\n`;
    const pushed: unknown[] = [];
    const body = Readable.from(bodyOf(failing, 9));
    const reading = readChatStream(body, (parsed) => pushed.push(parsed));
    await expect(reading).rejects.toBeInstanceOf(OpenAI.APIError);
    await expect(reading).rejects.toThrow('boom');
    expect(pushed, 'the chunk before the failing event still went out').toHaveLength(1);
    expect(body.destroyed, 'the rest of the body is not read').toBe(true);
  });
});
