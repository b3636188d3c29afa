// The twin's graceful refusal: first person, light, and naming no rule, so a fan learns nothing
// about the filter to work around. Chosen by the message id, so a retried job says the same thing.

const refusals = [
  'Ha, I’d rather not go there 🙈 Tell me something else about you?',
  'Mm, that’s not something I talk about 😊 What else is on your mind?',
  'I’m going to pass on that one! Ask me anything else 💬',
  'Let’s leave that one alone 🙂 How’s your day going, actually?',
  'Not my kind of conversation, sorry! Tell me what you’ve been up to?',
  'I’ll skip that one 😅 What else would you like to chat about?',
];

export function refusalText(seed: string): string {
  let hash = 0;
  for (const char of seed) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return refusals[hash % refusals.length] as string;
}

export const allRefusalTexts: readonly string[] = refusals;
