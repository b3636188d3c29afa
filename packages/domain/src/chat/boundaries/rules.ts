// The creator's boundaries as pure rules, the same offline and online: topics the twin never
// engages with, a content level, and the minor rule (a fan who said they are under 18 gets SAFE
// whatever the level). The moderation endpoint adds its verdict on top (moderation.ts).
import type { BoundaryReason, ContentLevel } from '@doppel/validation';
import { adultTerms, contentLevelRank, suggestiveTerms } from './lexicon.ts';
import { containsPhrase, stems, wordsOf } from './words.ts';

export type BoundaryRules = {
  /** The creator's blocked topics, as typed ("politics", "my ex"). */
  topics: readonly string[];
  contentLevel: ContentLevel;
  /** The fan said they are under 18 (now or earlier). */
  fanIsMinor: boolean;
};

/** A crossed boundary: why, and what matched (a topic, a term, moderation categories). */
export type BoundaryCrossing = { reason: BoundaryReason; matched: string };

const stemmedTerms = (terms: readonly string[]) => terms.map((term) => ({ term, words: stems(term) }));
const suggestive = stemmedTerms(suggestiveTerms);
const adult = stemmedTerms(adultTerms);

/** The highest content level a text reaches by the lexicon, with the term that decided it. */
export function classifyContent(text: string): { level: ContentLevel; term: string | null } {
  return classifyWords(stems(text));
}

/** `classifyContent` of stemmed words, counting only terms that end at `endingFrom` or later (words.ts). */
function classifyWords(words: readonly string[], endingFrom = 0): { level: ContentLevel; term: string | null } {
  const adultHit = adult.find((entry) => containsPhrase(words, entry.words, endingFrom));
  if (adultHit) return { level: 'ADULT', term: adultHit.term };
  const suggestiveHit = suggestive.find((entry) => containsPhrase(words, entry.words, endingFrom));
  if (suggestiveHit) return { level: 'SUGGESTIVE', term: suggestiveHit.term };
  return { level: 'SAFE', term: null };
}

/** The first of the creator's topics the text touches, by whole stemmed words. */
export function matchTopic(text: string, topics: readonly string[]): string | null {
  return matchTopicWords(stems(text), stemmedTopics(topics));
}

type StemmedTopic = { topic: string; words: string[] };
const stemmedTopics = (topics: readonly string[]): StemmedTopic[] =>
  topics.map((topic) => ({ topic: topic.trim(), words: stems(topic) }));

function matchTopicWords(words: readonly string[], topics: readonly StemmedTopic[], endingFrom = 0): string | null {
  for (const { topic, words: phrase } of topics) {
    if (phrase.length > 0 && containsPhrase(words, phrase, endingFrom)) return topic;
  }
  return null;
}

const underAge = new Set(['10', '11', '12', '13', '14', '15', '16', '17']);
const underAgeWords = new Set(['ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen', 'sixteen', 'seventeen']);
// "I'm 16 minutes away" is not an age: a number followed by one of these is something else.
const notAnAge = new Set([
  'minute',
  'minutes',
  'min',
  'mins',
  'hour',
  'hours',
  'km',
  'miles',
  'mile',
  'percent',
  'times',
  'euro',
  'euros',
  'dollars',
  'bucks',
  'inches',
  'cm',
  'kg',
  'lbs',
  'of',
  'in',
  'hrs',
  'seconds',
  'days',
  'weeks',
  'months',
  'x',
]);

/**
 * Whether the fan says they are under 18: "I'm 16", "im 15 years old", "I am under 18",
 * "I'm a minor", "my age is 14", "16 years old here". Rather a false "minor" (the fan just gets
 * SAFE content) than a missed one.
 */
export function declaresMinor(text: string): boolean {
  const words = wordsOf(text);
  for (let index = 0; index < words.length; index += 1) {
    const word = words[index] as string;
    const next = words[index + 1];
    const afterNext = words[index + 2];
    const isAge = (value: string | undefined) => value !== undefined && (underAge.has(value) || underAgeWords.has(value));
    const selfIntro = word === 'im' || (word === 'am' && words[index - 1] === 'i');
    if (selfIntro) {
      const at = next === 'only' || next === 'just' ? index + 2 : index + 1;
      const subject = words[at];
      const following = words[at + 1];
      if (isAge(subject) && (following === undefined || !notAnAge.has(following))) return true;
      if (next === 'under' && (afterNext === '18' || afterNext === 'eighteen')) return true;
      if (next === 'a' && afterNext === 'minor') return true;
    }
    if (word === 'age' && words[index - 1] === 'my' && next === 'is' && isAge(afterNext)) return true;
    if (isAge(word) && (next === 'years' || next === 'yrs' || next === 'yo') && (next === 'yo' || afterNext === 'old'))
      return true;
  }
  return false;
}

/** The level the twin may reach with this fan: its setting, or SAFE for a declared minor. */
export function effectiveLevel(rules: BoundaryRules): ContentLevel {
  return rules.fanIsMinor ? 'SAFE' : rules.contentLevel;
}

/** A text against the rules: the crossing, or null when the twin may engage. */
function check(text: string, rules: BoundaryRules): BoundaryCrossing | null {
  return checkWords(stems(text), stemmedTopics(rules.topics), rules);
}

/**
 * Stemmed words against the rules, counting only matches that end at `endingFrom` or later. With
 * the words before `endingFrom` already found clean this answers exactly what a check of all the
 * words would: a topic or a term above the level that matched there would have crossed already.
 */
function checkWords(
  words: readonly string[],
  topics: readonly StemmedTopic[],
  rules: BoundaryRules,
  endingFrom = 0,
): BoundaryCrossing | null {
  const topic = matchTopicWords(words, topics, endingFrom);
  if (topic) return { reason: 'TOPIC', matched: topic };
  const content = classifyWords(words, endingFrom);
  if (contentLevelRank[content.level] <= contentLevelRank[effectiveLevel(rules)]) return null;
  // Beyond what the twin allows anyway: CONTENT_LEVEL. Allowed by the twin, refused for a minor: MINOR.
  const allowedByTwin = contentLevelRank[content.level] <= contentLevelRank[rules.contentLevel];
  return { reason: allowedByTwin ? 'MINOR' : 'CONTENT_LEVEL', matched: content.term ?? content.level };
}

/**
 * A fan's message against the creator's rules (synchronous, offline). A message that declares the
 * fan a minor is judged as a minor's, and `declaresMinor` tells the caller to remember it.
 */
export function checkFanMessage(
  text: string,
  rules: BoundaryRules,
): { crossing: BoundaryCrossing | null; declaresMinor: boolean } {
  const minor = !rules.fanIsMinor && declaresMinor(text);
  return { crossing: check(text, minor ? { ...rules, fanIsMinor: true } : rules), declaresMinor: minor };
}

/** The twin's complete reply against the creator's rules alone; `checkReply` adds moderation. */
export function checkReplyRules(text: string, rules: BoundaryRules): BoundaryCrossing | null {
  return check(text, rules);
}

/**
 * `checkReplyRules` for a reply as the model writes it: each call gets the text so far, and only
 * the words added since the last clean call are read and matched (with the few before them that a
 * phrase may start in), where checking the whole text every time cost a reply's drafts time
 * quadratic in its length. A text that does not continue the last one at a word boundary (it starts
 * differently, or the last word grew) is checked whole. Answers exactly what `checkReplyRules` of
 * the whole text answers, as long as every earlier call answered null (a stream stops at its first
 * crossing; after one, the next call checks the whole text again).
 */
export function createReplyRulesCheck(rules: BoundaryRules): (textSoFar: string) => BoundaryCrossing | null {
  const topics = stemmedTopics(rules.topics);
  let checked = '';
  let words: string[] = [];
  return (text) => {
    const continues = checked !== '' && text.startsWith(checked) && /^\s/.test(text.slice(checked.length, checked.length + 1));
    const endingFrom = continues ? words.length : 0;
    // The new part starts at whitespace, so its words are the whole text's words after the old ones
    // (wordsOf splits on anything but letters and digits, and nothing joins across a space).
    if (continues) words.push(...stems(text.slice(checked.length)));
    else words = stems(text);
    const crossing = checkWords(words, topics, rules, endingFrom);
    checked = crossing ? '' : text;
    if (crossing) words = [];
    return crossing;
  };
}
