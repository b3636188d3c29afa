// Text as a list of comparable words: lower case, accents and apostrophes dropped, and a light
// stemmer so "cats", "dieting" and "politics" meet "cat", "diet" and "politic". Matching is by
// whole words, never substrings, so "class" never matches "ass" and "Scunthorpe" is a town.

/** Lower-cased words without accents; apostrophes are dropped ("I'm" → "im", "don't" → "dont"). */
export function wordsOf(text: string): string[] {
  return (
    text
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toLowerCase()
      .replace(/['’`]/g, '')
      .match(/[\p{L}\p{N}]+/gu) ?? []
  );
}

/** A light suffix stripper: plural and verb endings, enough to meet the forms people type. */
export function stem(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith('ies') && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(ches|shes|sses|xes|zes)$/.test(word)) return word.slice(0, -2);
  if (word.endsWith('ing') && word.length > 5) return undouble(word.slice(0, -3));
  if (word.endsWith('ed') && word.length > 4) return undouble(word.slice(0, -2));
  if (word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us') && !word.endsWith('is')) return word.slice(0, -1);
  return word;
}

// "dating" → "dat" and "date" → "date" would miss; dropping a final e everywhere makes them meet.
const undouble = (word: string) => (/([b-df-hj-np-tv-z])\1$/.test(word) ? word.slice(0, -1) : word);
const dropFinalE = (word: string) => (word.length > 3 && word.endsWith('e') ? word.slice(0, -1) : word);

/** The comparable form of a text: its stemmed words. */
export function stems(text: string): string[] {
  return wordsOf(text).map((word) => dropFinalE(stem(word)));
}

/**
 * Whether `phrase` (already stemmed) occurs in `words` as consecutive whole words. With `endingFrom`,
 * only occurrences whose last word is at that index or later count: the words before it were already
 * checked, and an occurrence spanning old and new words is still found.
 */
export function containsPhrase(words: readonly string[], phrase: readonly string[], endingFrom = 0): boolean {
  if (phrase.length === 0 || phrase.length > words.length) return false;
  outer: for (let start = Math.max(0, endingFrom - phrase.length + 1); start <= words.length - phrase.length; start += 1) {
    for (let offset = 0; offset < phrase.length; offset += 1) {
      if (words[start + offset] !== phrase[offset]) continue outer;
    }
    return true;
  }
  return false;
}
