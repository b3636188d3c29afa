// The prompt section that carries the creator's corrections as examples: pure, so the prompt stays
// testable without a database. Kept small: at most a few examples, each side cut to a short length.

/** A creator's correction that matched the fan's message, with its cosine score. */
export type CorrectionExample = { correctionId: string; fanText: string; answerText: string; score: number };

/** Each side of an example is cut to this many characters in the prompt: the way of answering is what counts. */
export const exampleTextLimit = 400;

function clip(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= exampleTextLimit ? flat : `${flat.slice(0, exampleTextLimit - 1).trimEnd()}…`;
}

/**
 * The examples as one system prompt section, most similar first; empty without examples. The
 * creator wrote these answers, so the model is told to answer a similar message the same way.
 */
export function formatExampleSection(examples: readonly CorrectionExample[]): string {
  const lines = examples
    .map((example) => ({ fan: clip(example.fanText), answer: clip(example.answerText) }))
    .filter((example) => example.fan !== '' && example.answer !== '')
    .map((example) => `- When a fan said "${example.fan}", you answered "${example.answer}".`);
  if (lines.length === 0) return '';
  return [
    'How your creator wants you to answer messages like this one (answer like this, in your own voice, when the fan asks something similar):',
    ...lines,
  ].join('\n');
}
