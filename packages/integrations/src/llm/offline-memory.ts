// The offline engine's memory: simple rules that pick out what a fan says about themselves ("my
// name is Sam", "I have a dog named Rex", "I love hiking"), written as the short notes the model
// writes ("Name: Sam", "Has a dog named Rex", "Loves hiking"), and the reverse: what a reply can
// use from those notes (the fan's name, a pet's name). Rules miss things a model would catch; they
// are tuned to rather miss a fact than store a wrong one ("I'm tired" is not a name).
import type { FanMemoryNote } from '@doppel/domain/ports';

const word = "[\\p{L}][\\p{L}'’-]*";
const animals =
  'dog|puppy|pup|cat|kitten|kitty|bunny|rabbit|hamster|parrot|bird|horse|pony|turtle|tortoise|fish|snake|lizard|guinea pig|ferret';
const people =
  'sister|brother|son|daughter|wife|husband|girlfriend|boyfriend|partner|kid|baby|mom|mum|mother|dad|father|best friend';

/** Words that follow "I'm" without being a name ("I'm Tired", "I'm Back"), matched case-insensitively. */
const notNames = new Set(
  (
    'a an the so very really just not also still here there back home fine good great ok okay okey well sorry sure tired ' +
    'bored busy happy sad glad new done sick hungry sleepy excited curious single married off on in at from going trying ' +
    'looking feeling doing working thinking gonna kinda literally actually always never currently about only too all ' +
    'your you yours his her their ready late early alive alright confused lost free broke scared nervous stressed ' +
    'lonely obsessed addicted into like with over out up down fan big huge massive'
  ).split(' '),
);

/** Objects of "I love …" that are about the twin or the chat, not a preference of the fan. */
const notPreferences = /^(you|u|ya|it|that|this|them|him|her|me|how|when|what|the way|talking|chatting|your|yours|when you)\b/i;

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** "my job" said by the fan is "their job" in a note about them. */
const aboutThem = (text: string) =>
  text
    .replace(/\bmy\b/gi, 'their')
    .replace(/\bmine\b/gi, 'theirs')
    .replace(/\bmyself\b/gi, 'themselves')
    .replace(/\bme\b/gi, 'them');

/** The object of a phrase, up to a clause break, at most `words` words. */
const phrase = (text: string, words = 6): string =>
  text
    .split(/\s+(?:but|and then|because|cause|cuz|so|though|although|when|while|if)\s+|[,;:()]/i)[0]
    ?.trim()
    .split(/\s+/)
    .slice(0, words)
    .join(' ')
    .replace(/['"“”]+$/, '') ?? '';

const preferenceVerbs: Record<string, string> = {
  love: 'Loves',
  adore: 'Loves',
  like: 'Likes',
  enjoy: 'Enjoys',
  hate: 'Hates',
  dislike: 'Dislikes',
  "can't stand": "Can't stand",
  'can’t stand': "Can't stand",
};

const eventVerbs: Record<string, string> = {
  got: 'Got',
  passed: 'Passed',
  finished: 'Finished',
  started: 'Started',
  graduated: 'Graduated',
  moved: 'Moved',
  lost: 'Lost',
  won: 'Won',
  broke: 'Broke',
  adopted: 'Adopted',
  visited: 'Visited',
};

type Rule = { pattern: RegExp; note: (match: RegExpExecArray) => FanMemoryNote | null };

const name = (raw: string | undefined): FanMemoryNote | null => {
  const value = raw?.trim();
  if (!value || notNames.has(value.toLowerCase()) || value.length > 40) return null;
  return { kind: 'NAME', text: `Name: ${capitalise(value)}` };
};

const pet = (what: string | undefined, called: string | undefined): FanMemoryNote | null =>
  what && called && !notNames.has(called.toLowerCase())
    ? { kind: 'FACT', text: `Has a ${what.toLowerCase()} named ${capitalise(called)}` }
    : null;

const rules: Rule[] = [
  { pattern: new RegExp(`\\bmy name(?:'s|’s| is)\\s+(${word})`, 'iu'), note: (m) => name(m[1]) },
  { pattern: new RegExp(`\\b(?:call me|you can call me|people call me)\\s+(${word})`, 'iu'), note: (m) => name(m[1]) },
  // "I'm Sam" only at the start of a sentence or after a greeting, capitalised, and ending there:
  // "I'm Sam!" or "hi, I'm Sam and …" yes; "I'm so tired" and "I'm Going out" no.
  {
    pattern:
      /(?:^|[.!?]\s*|\b(?:[Hh]i|[Hh]ey|[Hh]ello|[Yy]o|[Hh]iya)[,!]?\s+)(?:[Ii]'m|[Ii]’m|[Ii] am|[Ii]m)\s+(\p{Lu}[\p{L}'’-]*)\s*(?:$|[.!?,]|\s+(?:and|btw|here|by the way)\b)/u,
    note: (m) => name(m[1]),
  },
  {
    pattern: new RegExp(
      `\\bmy (${animals}|${people})(?:'s name is|’s name is| is called| is named|,? called|,? named)\\s+(${word})`,
      'iu',
    ),
    note: (m) => pet(m[1], m[2]),
  },
  // "my dog is Rex" names the dog only with a capital: "my dog is cute" does not.
  {
    pattern: new RegExp(`\\b[Mm]y (${animals}|${people}) is (\\p{Lu}[\\p{L}'’-]*)`, 'u'),
    note: (m) => pet(m[1], m[2]),
  },
  {
    pattern: new RegExp(
      `\\bi (?:have|got|own|have got) an? (${animals}|${people})(?: who is| who's| that is)? (?:named|called)\\s+(${word})`,
      'iu',
    ),
    note: (m) => pet(m[1], m[2]),
  },
  {
    pattern:
      /\bi (?:really |absolutely |totally |just |kinda |also )?(love|adore|like|enjoy|hate|dislike|can't stand|can’t stand)\s+([^.!?\n]+)/i,
    note: (m) => {
      const verb = preferenceVerbs[(m[1] ?? '').toLowerCase()];
      const object = phrase(m[2] ?? '');
      if (!verb || !object || notPreferences.test(object)) return null;
      return { kind: 'PREFERENCE', text: `${verb} ${aboutThem(object)}` };
    },
  },
  {
    pattern: /\bmy (?:favou?rite) ([\p{L} ]{2,30}?) (?:is|are)\s+([^.!?\n]+)/iu,
    note: (m) =>
      m[1] && m[2] ? { kind: 'PREFERENCE', text: `Favourite ${m[1].toLowerCase()}: ${aboutThem(phrase(m[2]))}` } : null,
  },
  {
    pattern: /\bi (?:live|am living|'m living|’m living) in\s+([^.!?\n]+)/i,
    note: (m) => (m[1] ? { kind: 'FACT', text: `Lives in ${capitalise(phrase(m[1], 4))}` } : null),
  },
  {
    pattern: /\b[Ii](?:'m| am|’m) from\s+(\p{Lu}[^.!?\n]*)/u,
    note: (m) => (m[1] ? { kind: 'FACT', text: `Is from ${phrase(m[1], 4)}` } : null),
  },
  {
    pattern: /\bi work (as an?|at|for|in)\s+([^.!?\n]+)/i,
    note: (m) => (m[1] && m[2] ? { kind: 'FACT', text: `Works ${m[1].toLowerCase()} ${aboutThem(phrase(m[2], 5))}` } : null),
  },
  {
    pattern: /\bi(?:'m| am|’m) an? ([a-z]+(?: [a-z]+)?)\s*(?:$|[.!?,]|\s+(?:at|in|for|by)\b)/i,
    note: (m) => {
      const job = m[1]?.toLowerCase() ?? '';
      if (!job || job.split(' ').some((part) => notNames.has(part) || /^(bit|little|lot|tad|mess|wreck|fan)$/.test(part)))
        return null;
      return { kind: 'FACT', text: `Is ${/^[aeiou]/.test(job) ? 'an' : 'a'} ${job}` };
    },
  },
  {
    pattern: /\bi(?:'m| am|’m) (\d{1,2})(?: years? old| yo| y\/o)?\s*(?:$|[.!?,])/i,
    note: (m) => (m[1] ? { kind: 'FACT', text: `Is ${m[1]} years old` } : null),
  },
  {
    pattern: /\bmy birthday is\s+([^.!?\n]+)/i,
    note: (m) => (m[1] ? { kind: 'EVENT', text: `Birthday: ${phrase(m[1], 4)}` } : null),
  },
  {
    pattern:
      /\bi (?:just |recently |finally )?(got|passed|finished|started|graduated|moved|lost|won|broke|adopted|visited)\s+([^.!?\n]+)/i,
    note: (m) => {
      const verb = eventVerbs[(m[1] ?? '').toLowerCase()];
      const object = phrase(m[2] ?? '');
      // "I got a dog named Rex" is the pet rule's note already.
      if (!verb || !object || /^(it|that|this|you|u|to|a bit|bored|tired|home|back)\b|\b(named|called)\b/i.test(object))
        return null;
      return { kind: 'EVENT', text: `${verb} ${aboutThem(object)}` };
    },
  },
];

/** The notes one fan message gives, in the order said; the same note once. */
export function extractMemoriesByRules(message: string): FanMemoryNote[] {
  const notes: FanMemoryNote[] = [];
  const seen = new Set<string>();
  for (const sentence of message.split(/(?<=[.!?])\s+|\n+/)) {
    for (const rule of rules) {
      const match = rule.pattern.exec(sentence.trim());
      const note = match ? rule.note(match) : null;
      if (!note) continue;
      const text = note.text.replace(/\s+/g, ' ').trim();
      if (seen.has(text.toLowerCase())) continue;
      seen.add(text.toLowerCase());
      notes.push({ kind: note.kind, text });
    }
  }
  return notes;
}

export type MemoryHooks = { name?: string; pet?: { animal: string; name: string } };

/** What a reply can use from the notes: the fan's name and a pet's name, when known. */
export function memoryHooks(memories: readonly FanMemoryNote[] = []): MemoryHooks {
  const nameNote = memories.find((memory) => memory.kind === 'NAME');
  const fanName = nameNote?.text.replace(/^name:\s*/i, '').trim();
  const petPattern = new RegExp(`^Has an? (${animals}) named (.+)$`, 'iu');
  const pet = memories.map((memory) => petPattern.exec(memory.text)).find((match) => match !== null);
  return {
    ...(fanName ? { name: fanName } : {}),
    ...(pet?.[1] && pet[2] ? { pet: { animal: pet[1].toLowerCase(), name: pet[2] } } : {}),
  };
}
