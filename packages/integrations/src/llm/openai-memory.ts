// Memory extraction through the `openai` SDK: one chat completion with a strict JSON schema
// (structured outputs), so the answer is a list of typed notes, never prose to parse.
import { type FanMemoryNote, LlmError, type MemoryExtractionRequest } from '@doppel/domain/ports';
import type OpenAI from 'openai';

const kinds = ['NAME', 'FACT', 'PREFERENCE', 'EVENT'] as const;

/** The schema the model must answer with; `strict` makes OpenAI hold it to it. */
export const memoryExtractionSchema = {
  name: 'fan_memories',
  strict: true,
  schema: {
    type: 'object',
    properties: {
      memories: {
        type: 'array',
        items: {
          type: 'object',
          properties: { kind: { type: 'string', enum: [...kinds] }, text: { type: 'string' } },
          required: ['kind', 'text'],
          additionalProperties: false,
        },
      },
    },
    required: ['memories'],
    additionalProperties: false,
  },
} as const;

const instructions = (twinName: string) =>
  [
    `You keep notes for ${twinName}, an AI twin chatting with a fan. From the fan's latest message, note what the fan`,
    'said about themselves that is worth remembering in later chats: their name, facts (family, pets and their names,',
    'where they live, work, age), preferences (likes, dislikes, favourites) and past or upcoming events.',
    'Write each note as a short phrase about the fan without a subject, like "Name: Sam", "Has a dog named Rex",',
    '"Loves hiking", "Lives in Lisbon", "Birthday: 3 May". Only what the fan said, never guesses, never anything about',
    `${twinName}. Skip what the known notes already say. Return an empty list when there is nothing new.`,
  ].join(' ');

export async function extractMemoriesWithOpenAi(
  client: OpenAI,
  model: string,
  request: MemoryExtractionRequest,
): Promise<FanMemoryNote[]> {
  const known = request.known.map((note) => `- ${note.text}`).join('\n') || '(none)';
  const completion = await client.chat.completions.create({
    model,
    temperature: 0,
    messages: [
      { role: 'system', content: instructions(request.twinName) },
      {
        role: 'user',
        content: `Known notes:\n${known}\n\nFan: ${request.fanMessage}\n${request.twinName}: ${request.twinReply ?? ''}`,
      },
    ],
    response_format: { type: 'json_schema', json_schema: memoryExtractionSchema },
  });
  const content = completion.choices[0]?.message.content;
  if (!content) throw new LlmError('Memory extraction returned no content', true);
  let parsed: unknown;
  try {
    parsed = JSON.parse(content);
  } catch {
    throw new LlmError(`Memory extraction returned malformed JSON: ${content.slice(0, 200)}`, false);
  }
  const memories = (parsed as { memories?: unknown }).memories;
  if (!Array.isArray(memories)) throw new LlmError('Memory extraction returned no memories list', false);
  return memories.flatMap((item: unknown) => {
    const note = item as Partial<FanMemoryNote> | null;
    return note && typeof note.text === 'string' && kinds.includes(note.kind as (typeof kinds)[number])
      ? [{ kind: note.kind as FanMemoryNote['kind'], text: note.text }]
      : [];
  });
}
