// A question carried into a fan chat by its address (/chat/mia?ask=…), as /discover's sample
// question does: the messenger puts it in the composer once, unsent (messages cost credits, so
// the fan decides). The address is anyone's to write, so only one short line of text gets through.

/** The query parameter that carries the question. */
export const askParam = 'ask';

/** Longest question the address may pre-fill; a sample question is one short line. */
export const askMaxLength = 200;

/**
 * The question as the composer may take it: line breaks, tabs and other control characters become
 * spaces, runs of spaces one, ends trimmed, cut at `askMaxLength` (on a whole character, never half
 * an emoji). Null when nothing is left.
 */
export function cleanAsk(raw: string | null | undefined): string | null {
  if (!raw) return null;
  const oneLine = raw
    .replace(/[\p{Cc}\u2028\u2029]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (oneLine === '') return null;
  const characters = Array.from(oneLine);
  return characters.length <= askMaxLength ? oneLine : characters.slice(0, askMaxLength).join('').trimEnd();
}

/** The chat's address with the question to pre-fill: "/chat/mia?ask=Where%20are%20you%3F". */
export function chatPathAsking(talentTag: string, question: string | null | undefined): string {
  const path = `/chat/${encodeURIComponent(talentTag)}`;
  const ask = cleanAsk(question);
  return ask ? `${path}?${new URLSearchParams({ [askParam]: ask })}` : path;
}

/** The question in an address's query (`location.search`), cleaned; null when there is none. */
export function askFromSearch(search: string): string | null {
  return cleanAsk(new URLSearchParams(search).get(askParam));
}

/** The same query without the question, for replacing the address once it has been read ("" or "?…"). */
export function searchWithoutAsk(search: string): string {
  const params = new URLSearchParams(search);
  params.delete(askParam);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}
