// The training-examples text an admin edits on a model (docs/product-rules.md#training-examples): one message a line, "U: ", "A: "
// or "S: " then the content, and a line NEW between examples. The model stores the parsed
// examples; the detail screen shows them formatted back into this text.
import { type TrainingMessageRole, trainingMessageRoles } from '../enums.ts';

/** docs/product-rules.md#constants-and-limits: a model trains on at least 20 examples. */
export const minimumTrainingExamples = 20;

export type TrainingExampleMessage = { role: TrainingMessageRole; content: string };
export type ParsedTrainingExample = { messages: TrainingExampleMessage[] };

export type TrainingExamplesParse = { ok: true; examples: ParsedTrainingExample[] } | { ok: false; error: string };

const rolePrefixes = { user: 'U: ', assistant: 'A: ', system: 'S: ' } as const satisfies Record<TrainingMessageRole, string>;
const roleOfPrefix = new Map<string, TrainingMessageRole>(trainingMessageRoles.map((role) => [rolePrefixes[role], role]));
const separator = 'NEW';
// docs/product-rules.md#training-examples quotes the invalid line "cut to 100 characters"; counted in code points so an emoji is never halved.
const quotedLineLength = 100;

const failure = (error: string): TrainingExamplesParse => ({ ok: false, error });

/**
 * Reads the examples text. Blank lines are skipped (but still counted in line numbers) and
 * trailing whitespace, including the "\r" of CRLF text, is dropped; content keeps its leading
 * spaces. Empty text is a model without examples yet. Problems are reported one at a time, the
 * first found in this order: lines top to bottom ("Line #n is invalid: <line>", NEW first), NEW
 * last, then each example in turn, then the example count. The count comes last because the
 * per-example messages point at something to fix, and an empty example (two NEW in a row) is
 * named as such rather than counted.
 */
export function parseTrainingExamples(text: string): TrainingExamplesParse {
  const examples: TrainingExampleMessage[][] = [[]];
  let sawLine = false;
  let lastWasSeparator = false;
  for (const [index, rawLine] of text.split('\n').entries()) {
    const line = rawLine.trimEnd();
    if (line.trim() === '') continue;
    if (line.trim() === separator) {
      if (!sawLine) return failure('First row cannot be NEW');
      examples.push([]);
      lastWasSeparator = true;
    } else {
      const message = parseMessageLine(line);
      // "Line #{n} is invalid" is the wording of docs/product-rules.md#training-examples; ": " then the (cut) line tells the admin which text it is.
      if (!message) return failure(`Line #${index + 1} is invalid: ${Array.from(line).slice(0, quotedLineLength).join('')}`);
      examples.at(-1)?.push(message);
      lastWasSeparator = false;
    }
    sawLine = true;
  }
  if (!sawLine) return { ok: true, examples: [] };
  if (lastWasSeparator) return failure('Last row cannot be NEW');
  for (const [index, messages] of examples.entries()) {
    const problem = exampleProblem(messages);
    if (problem) return failure(`Example #${index + 1} must ${problem}`);
  }
  if (examples.length < minimumTrainingExamples) {
    return failure(`Training file has ${examples.length} examples, but must have at least ${minimumTrainingExamples}`);
  }
  return { ok: true, examples: examples.map((messages) => ({ messages })) };
}

/** A line "U: …", "A: …" or "S: …" (already right-trimmed) with some content, else undefined. */
function parseMessageLine(line: string): TrainingExampleMessage | undefined {
  const role = roleOfPrefix.get(line.slice(0, 3));
  const content = line.slice(3);
  return role && content !== '' ? { role, content } : undefined;
}

/**
 * What is wrong with one example, in the order of docs/product-rules.md#training-examples, or undefined. System messages may stand
 * anywhere and are left out of the 2-message minimum, the first-message check and the
 * alternation: an example trains on user turns and assistant replies, so "S: …" plus one "U: …"
 * has nothing to learn from. The last message, though, must itself be the assistant's answer.
 */
function exampleProblem(messages: readonly TrainingExampleMessage[]): string | undefined {
  const turns = messages.filter((message) => message.role !== 'system');
  if (turns.length < 2) return 'have at least 2 messages';
  if (turns[0]?.role !== 'user') return 'start with a user message';
  if (messages.at(-1)?.role !== 'assistant') return 'end with an assistant message';
  if (turns.some((message, index) => message.role !== (index % 2 === 0 ? 'user' : 'assistant'))) {
    return 'have alternating roles';
  }
  return undefined;
}

/**
 * Writes examples back as the text parseTrainingExamples reads, a NEW line between examples, so
 * parsing the result gives the same examples. The format has one message a line: a line break
 * inside content becomes a space, and trailing whitespace is dropped as the parser would.
 */
export function formatTrainingExamples(examples: readonly ParsedTrainingExample[]): string {
  return examples
    .map((example) =>
      example.messages
        .map((message) => `${rolePrefixes[message.role]}${message.content.replace(/\r\n|[\r\n]/g, ' ').trimEnd()}`)
        .join('\n'),
    )
    .join(`\n${separator}\n`);
}
