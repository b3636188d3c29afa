// What a discover card says about a twin, taken from what the twin already shows a fan who opens its
// chat: twins have no separate bio, so the first welcome message introduces them and the first
// conversation starter is the sample question. Pure, so the rules are tested without a database.

/** Long enough for two lines on a phone card; the page clamps the lines, this keeps the payload small. */
export const discoverIntroMaxLength = 160;

/** The first welcome message with words in it (an image-only one says nothing), one line, clipped at a word. */
export function discoverIntro(welcome: readonly { text: string }[]): string | null {
  const text = firstText(welcome);
  if (!text || text.length <= discoverIntroMaxLength) return text;
  const cut = text.slice(0, discoverIntroMaxLength - 1);
  const lastSpace = cut.lastIndexOf(' ');
  // A single long word is cut mid-word rather than dropped.
  return `${(lastSpace > discoverIntroMaxLength / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** The first conversation starter with words in it: the question a fan can tap to begin. */
export function discoverSampleQuestion(starters: readonly { text: string }[]): string | null {
  return firstText(starters);
}

function firstText(items: readonly { text: string }[]): string | null {
  for (const item of items) {
    const text = item.text.replace(/\s+/g, ' ').trim();
    if (text) return text;
  }
  return null;
}
