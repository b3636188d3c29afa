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
  const words = stems(text);
  const adultHit = adult.find((entry) => containsPhrase(words, entry.words));
  if (adultHit) return { level: 'ADULT', term: adultHit.term };
  const suggestiveHit = suggestive.find((entry) => containsPhrase(words, entry.words));
  if (suggestiveHit) return { level: 'SUGGESTIVE', term: suggestiveHit.term };
  return { level: 'SAFE', term: null };
}

/** The first of the creator's topics the text touches, by whole stemmed words. */
export function matchTopic(text: string, topics: readonly string[]): string | null {
  const words = stems(text);
  for (const topic of topics) {
    const phrase = stems(topic);
    if (phrase.length > 0 && containsPhrase(words, phrase)) return topic.trim();
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
  const topic = matchTopic(text, rules.topics);
  if (topic) return { reason: 'TOPIC', matched: topic };
  const content = classifyContent(text);
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
