// POST /v1/moderations of the fake OpenAI server, in OpenAI's shape: one result per input with
// every category's boolean and score. A test decides what is flagged with a rule over the text
// (`moderate` control); unset, nothing is.

/** Flagged categories for a text, in OpenAI's names (`sexual`, `violence`, `harassment`…); [] for none. */
export type FakeModerationRule = (text: string) => string[];

const categoryNames = [
  'harassment',
  'harassment/threatening',
  'hate',
  'hate/threatening',
  'illicit',
  'illicit/violent',
  'self-harm',
  'self-harm/intent',
  'self-harm/instructions',
  'sexual',
  'sexual/minors',
  'violence',
  'violence/graphic',
];

export function moderationResponse(body: { model?: string; input: unknown }, rule: FakeModerationRule | null, sequence: number) {
  const inputs = Array.isArray(body.input) ? body.input : [body.input];
  const results = inputs.map((input) => {
    const text = typeof input === 'string' ? input : JSON.stringify(input);
    const flagged = new Set(rule ? rule(text) : []);
    return {
      flagged: flagged.size > 0,
      categories: Object.fromEntries(categoryNames.map((name) => [name, flagged.has(name)])),
      category_scores: Object.fromEntries(categoryNames.map((name) => [name, flagged.has(name) ? 0.97 : 0.0001])),
      category_applied_input_types: Object.fromEntries(categoryNames.map((name) => [name, ['text']])),
    };
  });
  return { id: `modr-fake-${sequence}`, model: body.model ?? 'omni-moderation-latest', results };
}
