// How the offline twin speaks of itself: the creator's notes ("Has a rescue cat called Churro",
// "Travel and lifestyle creator with 1.2M followers") said in the first person, and enum codes as words.
import { contentWords } from '../text/hashed-embedding.ts';

/** Enum codes ("HIP_HOP") read as words ("hip hop"); free text stays as written. */
export const humanise = (value: string): string => {
  const trimmed = value.trim();
  return /^[A-Z0-9_]+$/.test(trimmed) ? trimmed.toLowerCase().replace(/_+/g, ' ') : trimmed;
};

/**
 * Facts are stored as notes about the creator ("Has a rescue cat called Churro", "Travel and lifestyle
 * creator with 1.2M followers"); the twin says them about itself ("I have …", "I'm a travel and …").
 */
export const factInFirstPerson = (fact: string): string => {
  const text = fact.trim().replace(/^[-•*]\s*/, '');
  if (!text) return '';
  const sentence = /[.!?)]$/.test(text) ? text : `${text}.`;
  const [first = '', ...rest] = sentence.split(' ');
  const tail = ownedByMe(rest.join(' '));
  const word = first.toLowerCase();
  if (/^(i|i'm|i’m|my|me)$/.test(word)) return sentence;
  const irregular: Record<string, string> = { has: 'I have', is: "I'm", was: 'I was', does: 'I do', goes: 'I go' };
  const mapped = irregular[word];
  if (mapped) return `${mapped} ${tail}`;
  if (/^(born|raised|based|married|engaged|obsessed|addicted)$/.test(word)) {
    return `${word === 'born' ? 'I was' : "I'm"} ${word} ${tail}`;
  }
  if (/^(favourite|favorite)$/.test(word)) return `My ${word} ${tail}`;
  if (/^(grew|moved|learned|learnt|started|went|lived|studied|worked|built|made|won|spent|met|became|ran|quit)$/.test(word)) {
    return `I ${word} ${laterVerbsInFirstPerson(tail)}`;
  }
  if (/^[A-Z][a-z]+(ches|shes|sses|xes)$/.test(first)) return `I ${word.slice(0, -2)} ${laterVerbsInFirstPerson(tail)}`;
  if (/^[A-Z][a-z]+[^s]s$/.test(first) && rest.length > 0) return `I ${word.slice(0, -1)} ${laterVerbsInFirstPerson(tail)}`;
  // A description with no verb of its own ("Travel and lifestyle creator with …", "Mother of two")
  // says what the creator is.
  if (rest.length > 0 && /^[a-z]/.test(rest[0] ?? '') && !finiteVerb.test(sentence)) {
    return `I'm ${/^[aeiou]/.test(word) ? 'an' : 'a'} ${word}${tail ? ` ${tail}` : ''}`;
  }
  return `Fun fact about me: ${sentence}`;
};

const finiteVerb = /\b(is|are|was|were|has|have|had|does|do|did|can|will|'s|’s)\b/i;

/** "… her grandmother's paella" is the twin's own: "… my grandmother's paella". */
const ownedByMe = (text: string): string =>
  text
    .replace(/\b(her|his|their)\b/g, 'my')
    .replace(/\b(herself|himself|themselves)\b/g, 'myself')
    .replace(/\b(she|he|they)\b/g, 'I');

/** "… and still falls off the board" after "I learned to surf" reads "… and still fall off the board". */
const laterVerbsInFirstPerson = (text: string): string =>
  text.replace(
    /\b(and|but) (still |also |now |often )?([a-z]+?)(ches|shes|sses|xes|s)\b/g,
    (whole, conjunction, adverb, stem, ending) =>
      ending === 's' && /s$/.test(stem)
        ? whole
        : `${conjunction} ${adverb ?? ''}${stem}${ending === 's' ? '' : ending.slice(0, -2)}`,
  );

/** The fact sharing the most content words with the message ("tell me about your cat" -> the cat). */
export const relatedFact = (facts: string[], message: string): string | undefined => {
  const words = new Set(contentWords(message));
  let best: { fact: string; overlap: number } | undefined;
  for (const fact of facts) {
    const overlap = contentWords(fact).filter((word) => words.has(word)).length;
    if (overlap > 0 && (!best || overlap > best.overlap)) best = { fact, overlap };
  }
  return best?.fact;
};
