// Puts a streamed chat completion back together: content deltas appended in order, each tool call
// assembled from its first chunk (id, name) and its argument fragments, usage from the last chunk
// (`stream_options.include_usage`). Pure, so the joining rules are unit-tested without a server.
import type OpenAI from 'openai';

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
