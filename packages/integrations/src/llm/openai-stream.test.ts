import type OpenAI from 'openai';
import { describe, expect, it } from 'vitest';
import { streamTokens } from '../testing/fake-openai-stream.ts';
import { offlineWords, streamOfflineText } from './offline-stream.ts';
import { addStreamChunk, emptyStreamedCompletion, firstToolCall } from './openai-stream.ts';

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
