// The offline reply engine: what answers when no model is configured, so `npm start` gives a working
// chat with no network. It answers from the twin's own material (LlmRequest.offline): picture and
// voice-note requests become function calls shaped by the offered function schemas, a message much
// like one the creator corrected gets the creator's answer, FAQ matches are answered from the FAQ,
// a passage of the twin's knowledge sources that fits is said in the first person, conversation
// starters with an answer get that answer, and everything else gets a short persona reply varied
// deterministically by the message so it does not repeat itself.
import type { LlmFunction, LlmMessage, LlmPort, LlmRequest, LlmResponse, OfflineMaterial } from '@doppel/domain/ports';
import { contentWords, fnv1a, hashedEmbedding, isStopWord } from '../text/hashed-embedding.ts';
import { factInFirstPerson, humanise, relatedFact } from './first-person.ts';
import { extractMemoriesByRules, type MemoryHooks, memoryHooks } from './offline-memory.ts';
import { streamOfflineText } from './offline-stream.ts';

export const createOfflineLlm = (): LlmPort => ({
  engine: 'offline',
  complete: async (request, options) => {
    const response = offlineReply(request);
    if (options?.onText && response.text) await streamOfflineText(response.text, options.onText);
    return response;
  },
  embed: async (texts) => texts.map((text) => hashedEmbedding(text)),
  // Runs in-process for every model name: nothing to reach, so it is always up.
  checkModel: async () => ({ healthy: true }),
  extractMemories: async (request) => extractMemoriesByRules(request.fanMessage),
});

const emptyMaterial: OfflineMaterial = {
  twinName: '',
  purpose: null,
  personalityTraits: [],
  interests: [],
  facts: [],
  faqMatches: [],
  conversationStarters: [],
};

const imageRequest =
  /\b(pics?|pix|pictures?|photos?|photographs?|selfies?|images?|snaps?)\b|\bshow me (you|yourself|your face)\b|\bwhat you look like\b/;
const audioRequest =
  /\b(voice|audio|hear|voicenote|recording)\b|\bsay (something|hi|hello|hey|my name|it|that|good ?night|good ?morning|a few words)\b/;
const moneyQuestion = /\b(cost|costs|price|prices|pay|paid|credits?|unlock|unlocking|refund|charge|charged|subscription)\b/;
const greeting = /^(hi+|hey+|hello+|heya|hiya|yo|hola|sup|good (morning|afternoon|evening))\b/;
/** "Are you a real person?", "is this really Mia or a bot?", "am I talking to a human?" */
const realPersonQuestion =
  /\b(are (you|u)|r u|is (this|that|it)|am i (talking|chatting|speaking) (to|with))\b[^.!]*\b(real|human|bot|robot|ai|a\.i\.|person|fake)\b/;

/** Words that make a picture request but say nothing about what the picture should show. */
const requestWords = new Set(
  (
    'pic pics pix picture pictures photo photos photograph photographs selfie selfies image images snap snaps send show see ' +
    'take want wanna like love new another one some more let give get u ur pls plz please now today cute nice quick me you'
  ).split(' '),
);

/**
 * A correction of the creator scoring at least this against the fan's message is answered with the
 * creator's own answer (with the hashed embeddings a reworded question scores 0.6 and more). Weaker
 * examples only sit in the prompt, for a real model to follow.
 */
export const strongExampleScore = 0.6;

export const offlineReply = (request: LlmRequest): LlmResponse => {
  const material = request.offline ?? emptyMaterial;
  const fanMessage = lastMessage(request.messages, 'user');
  const lower = fanMessage.toLowerCase();
  const turn = request.messages.filter((message) => message.role === 'assistant').length;
  const pick = picker(`${lower}|${turn}`);
  const persona = personaOf(material);
  const known = memoryHooks(material.fanMemories);
  const reply = (text: string, functionCall: LlmResponse['functionCall'] = null): LlmResponse => ({
    text,
    functionCall,
    usage: null,
    engine: 'offline',
  });

  const bestFaq = [...material.faqMatches].filter((match) => match.score > 0).sort((a, b) => b.score - a.score)[0];
  const faqFirst = bestFaq !== undefined && moneyQuestion.test(lower);

  if (!faqFirst && imageRequest.test(lower)) {
    const fn = findFunction(request.functions, /image|photo|picture|pic|selfie/i);
    if (fn) {
      const context = pictureContext(fanMessage) || pick(persona.interests, 'context') || 'selfie';
      const topic = captionTopic(context, persona.interests);
      const caption =
        pick(
          [
            'Only because you asked nicely 📸',
            'Here you go, fresh from my camera roll 📸',
            topic ? `Just for you 😘 My ${topic} moment` : 'Just for you 😘',
            'Took this one thinking of you 🙈',
          ],
          'caption',
        ) ?? 'Only because you asked nicely 📸';
      const args = argumentsFor(fn, ['context', 'successText', 'failureText'], {
        context,
        successText: caption,
        failureText: 'No photo of that yet, sorry! Ask me for another one 📸',
      });
      return reply(caption, { name: fn.name, arguments: args });
    }
  }

  if (!faqFirst && audioRequest.test(lower)) {
    const image = findFunction(request.functions, /image|photo|picture|pic|selfie/i);
    const fn =
      findFunction(request.functions, /audio|voice|speech|sound/i) ?? request.functions.find((candidate) => candidate !== image);
    if (fn) {
      const words =
        pick(
          [
            `Hey you, it's ${persona.name}! Thanks for wanting to hear my voice, it made my day.`,
            `Hi, it's ${persona.name}! I was just thinking about ${pick(persona.interests, 'voice-interest') ?? 'you'}, and now I'm smiling.`,
            persona.facts.length > 0
              ? `Hey, ${persona.name} here! ${pick(persona.facts, 'voice-fact')}`
              : `Hey, ${persona.name} here! Sending you a little hello.`,
          ],
          'voice',
        ) ?? `Hey, it's ${persona.name}!`;
      const args = argumentsFor(fn, ['successText', 'failureText'], {
        successText: words,
        failureText: 'My voice is gone today, I will text you instead!',
      });
      return reply(words, { name: fn.name, arguments: args });
    }
  }

  // Every template tells the twin to say honestly that it is an AI when asked (docs/safety.md); the
  // offline twin does the same, in character.
  if (realPersonQuestion.test(lower)) {
    const name = persona.name || 'the creator';
    return reply(
      pick(
        [
          `I'm ${name}'s AI twin, not ${name} in person, but I'm all ears! What's on your mind?`,
          `Honest answer: I'm an AI twin of ${name}, trained on how ${name} talks. What would you like to chat about?`,
        ],
        'honesty',
      ) ?? `I'm ${name}'s AI twin, not ${name} in person.`,
    );
  }

  // The creator corrected the twin on a message like this one: their answer is the answer (a picture
  // or voice-note request above still gets its attachment).
  const corrected = [...(material.examples ?? [])].sort((a, b) => b.score - a.score)[0];
  if (corrected && corrected.score >= strongExampleScore && corrected.answerText.trim() !== '') {
    return reply(corrected.answerText.trim());
  }

  if (bestFaq) {
    const lead = pick(['', 'Good question! ', 'I get asked this a lot 😊 ', 'Happy to explain! '], 'faq');
    return reply(`${lead}${bestFaq.answer}`.trim());
  }

  const passage = passageAnswer(material.passages ?? [], fanMessage);
  if (passage) {
    const lead = pick(['', 'Good question! ', 'Oh, I love talking about this 😊 ', 'Funny you ask! '], 'passage');
    return reply(`${lead}${passage}`.trim());
  }

  const starter = material.conversationStarters.find(
    (candidate) => candidate.answer && normalise(candidate.text) === normalise(fanMessage),
  );
  if (starter?.answer) return reply(starter.answer);

  const said = request.messages.filter((message) => message.role === 'assistant').map((message) => message.content);
  const candidates = greeting.test(lower.trim())
    ? greetings(persona, pick, known)
    : [...personaReplies(persona, pick, fanMessage, unsaidFacts(persona.facts, said)), ...rememberingReplies(known)];
  return reply(freshLine(candidates, said, fnv1a(`${lower}|${turn}|reply`)) ?? 'Tell me more!');
};

/**
 * The best passage scoring at least this is what the offline twin answers with: a passage only
 * loosely related reads as a non sequitur, and the persona's small talk is better then.
 */
export const offlinePassageMinScore = 0.3;

/** At most this many characters of a passage are said: a chat reply, not a blog post. */
const passageAnswerLength = 320;

/**
 * What the twin says from the best passage that fits: its sentences sharing the most content words
 * with the fan's message (the first ones on a tie), in order, up to `passageAnswerLength`. A
 * transcript's speaker labels are dropped and questions are skipped (they are the interviewer's).
 */
export const passageAnswer = (passages: NonNullable<OfflineMaterial['passages']>, fanMessage: string): string | undefined => {
  const best = [...passages].filter((passage) => passage.score >= offlinePassageMinScore).sort((a, b) => b.score - a.score)[0];
  if (!best) return undefined;
  const asked = new Set(contentWords(fanMessage));
  const sentences = best.text
    .split(/\n+/)
    .flatMap((line) => line.replace(/^\s*[\p{L} .'-]{1,30}:\s+/u, '').match(/[^.!?]+[.!?]*["')]*/gu) ?? [])
    .map((sentence) => sentence.trim())
    .filter((sentence) => sentence.length > 1 && !sentence.endsWith('?'));
  if (sentences.length === 0) return undefined;
  const overlap = sentences.map((sentence) => contentWords(sentence).filter((word) => asked.has(word)).length);
  const top = Math.max(...overlap);
  const first = overlap.indexOf(top);
  let said = '';
  for (const sentence of sentences.slice(first)) {
    const next = said ? `${said} ${sentence}` : sentence;
    if (said && next.length > passageAnswerLength) break;
    said = next;
  }
  if (said.length > passageAnswerLength) said = `${said.slice(0, passageAnswerLength - 1).replace(/\s+\S*$/, '')}…`;
  return /\b(i|i'm|i’m|my|me|we|our)\b/i.test(said) ? said : factInFirstPerson(said);
};

/**
 * A line that opens unlike every reply of this conversation so far, starting from `seed`; once every
 * opening was used, one never sent as is and unlike the previous reply. A twin that says the same
 * thing twice reads as a bot.
 */
const freshLine = (candidates: string[], said: string[], seed: number): string | undefined => {
  const ordered = candidates.map((_, offset) => candidates[(seed + offset) % candidates.length] ?? '');
  const sent = new Set(said);
  const openings = new Set(said.map(opening));
  const previousOpening = opening(said.at(-1) ?? '');
  return (
    ordered.find((line) => !openings.has(opening(line))) ??
    ordered.find((line) => !sent.has(line) && opening(line) !== previousOpening) ??
    ordered.find((line) => opening(line) !== previousOpening) ??
    ordered[0]
  );
};

/** The first words of a reply: two replies opening alike sound repetitive even when they end apart. */
const opening = (text: string): string => normalise(text).split(' ').slice(0, 3).join(' ');

/** The facts this conversation has not told yet: the twin shares each once. */
const unsaidFacts = (facts: string[], said: string[]): string[] =>
  facts.filter((fact) => !said.some((text) => text.includes(fact)));

type Persona = { name: string; traits: string[]; interests: string[]; facts: string[]; purposeLine: string };
type Pick = <T>(items: readonly T[], salt: string) => T | undefined;

const personaOf = (material: OfflineMaterial): Persona => ({
  name: material.twinName.trim().split(/\s+/)[0] || 'your twin',
  traits: material.personalityTraits.map(humanise).filter(Boolean),
  interests: material.interests.map(humanise).filter(Boolean),
  facts: material.facts.map(factInFirstPerson).filter(Boolean),
  purposeLine: purposeLine(material.purpose),
});

/** Lines that show the twin remembers the fan: their name, their pet (mixed in, so now and then). */
const rememberingReplies = ({ name, pet }: MemoryHooks): string[] => [
  ...(name
    ? [
        `${name}, you always get me talking 😄 What else is new with you?`,
        `Okay ${name}, spill: what's been the best part of your week?`,
      ]
    : []),
  ...(pet
    ? [
        `How's ${pet.name} doing, by the way? Give the ${pet.animal} a cuddle from me 🐾`,
        `Random thought: what is ${pet.name} up to right now? 🐾`,
      ]
    : []),
];

const greetings = (persona: Persona, pick: Pick, known: MemoryHooks): string[] =>
  known.name
    ? [
        `Hey ${known.name}! So good to hear from you again 👋 How's your day going?`,
        `${known.name}! 😊 I was hoping you'd stop by. What are you up to today?`,
        known.pet
          ? `Hi ${known.name}! How are you, and how's ${known.pet.name}? 🐾`
          : `Hi ${known.name}! Tell me one thing that made you smile today ✨`,
      ]
    : anonymousGreetings(persona, pick);

const anonymousGreetings = (persona: Persona, pick: Pick): string[] => [
  `Hey you! It's ${persona.name} 👋 ${persona.purposeLine} How's your day going?`.replace(/\s+/g, ' '),
  `Heyy! So happy you're here 😊 What are you up to today?`,
  `Hi hi! ${persona.name} here. Tell me one thing that made you smile today ✨`,
  `Hello! I was just thinking about ${pick(persona.interests, 'greet') ?? 'you'}. How are you?`,
];

const personaReplies = (persona: Persona, pick: Pick, fanMessage: string, freshFacts: string[]): string[] => {
  const interest = pick(persona.interests, 'interest') ?? 'life';
  const otherInterest = pick(
    persona.interests.filter((candidate) => candidate !== interest),
    'interest-2',
  );
  const trait = pick(persona.traits, 'trait') ?? 'chatty';
  // A fact the fan asks about may be told again; small talk only brings up facts not told yet.
  const related = relatedFact(persona.facts, fanMessage);
  const fact = related ?? pick(freshFacts, 'fact');
  const factLine = fact ? ` ${fact}` : '';
  const replies = [
    `Haha, love that!${factLine} What about you, are you into ${interest}?`,
    `Ooh, tell me more 😊 Honestly my head is full of ${interest} plans lately. What's on your mind?`,
    `You know me, always a bit ${trait} 😄${factLine} Your turn: tell me something about you!`,
    otherInterest
      ? `${persona.purposeLine} So… ${interest} or ${otherInterest}, which one should we talk about?`.trim()
      : `${persona.purposeLine} So… what should we talk about, ${interest} maybe?`.trim(),
    `That made me smile!${factLine} What are you up to today?`,
    `Hmm, good one 🤔 Right now I'd rather be talking about ${interest}, to be honest. What do you do for fun?`,
    `Okay, I need to know more about you 👀${factLine} What's your favourite way to spend a weekend?`,
    `Honestly? Same 😅${factLine} What's been the best part of your week so far?`,
    `I love how easy it is to talk to you 🥰 Got any big plans coming up?`,
    `Wait, really? 😄${factLine} Tell me the whole story!`,
    `You're making my day, you know that? ✨ If you could be anywhere right now, where would it be?`,
    `Mmm, I hear you.${factLine} What would make today even better for you?`,
  ];
  // A fact that answers the message beats small talk.
  return related ? replies.filter((text) => text.includes(related)) : replies;
};

const purposeLines: Record<string, string> = {
  BANTER: "I'm always up for a fun chat 😄",
  FLIRT: 'You always know how to make me smile 😏',
  EDUCATE: 'Ask me anything, I love sharing what I know 🤓',
  BULLY: 'Bold of you to text me, I like that 😏',
};

const purposeLine = (purpose: string | null): string => {
  if (!purpose?.trim()) return '';
  const known = purposeLines[purpose.trim().toUpperCase()];
  if (known) return known;
  const text = purpose.trim().replace(/[.!]+$/, '');
  return `I'm here to ${text.charAt(0).toLowerCase()}${text.slice(1)}.`;
};

/** The words of a picture request that say what to show: "send me a pic of the beach" -> "beach". */
const pictureContext = (message: string): string =>
  message
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 1 && !isStopWord(word) && !requestWords.has(word))
    .slice(0, 4)
    .join(' ');

// Words of a picture request that say which or when, not what is in it: "any madeira pics" is
// about Madeira, and "My any madeira moment" is not a caption (issue 26).
const notTopicWords = new Set(
  (
    'any some every all few couple lot lots other else got recent recently latest last newest old yesterday tonight ' +
    'tomorrow lately again ever re ve ll'
  ).split(' '),
);

/**
 * What the fan asked to see, when it reads well after "My": one or two plain words ("madeira",
 * "beach sunset"), no quantifiers or contractions, and an -ing word only when it is one of the
 * twin's interests ("surfing", not "wearing"). Anything else gets a caption without a topic.
 */
export const captionTopic = (context: string, interests: string[]): string | undefined => {
  const hobbies = new Set(interests.map((interest) => interest.toLowerCase()));
  const words = context.split(' ').filter((word) => word && !notTopicWords.has(word) && !/^\d+$/.test(word));
  if (words.length === 0 || words.length > 2) return undefined;
  if (words.some((word) => word.endsWith('ing') && !hobbies.has(word))) return undefined;
  return words.join(' ');
};

const findFunction = (functions: LlmFunction[], pattern: RegExp): LlmFunction | undefined =>
  functions.find((fn) => pattern.test(fn.name)) ?? functions.find((fn) => pattern.test(fn.description)) ?? undefined;

type ArgumentValues = { context?: string; successText: string; failureText: string };

/** Fill exactly the parameters the function's JSON schema declares; the seeded ones are the defaults. */
const argumentsFor = (fn: LlmFunction, defaults: string[], values: ArgumentValues): Record<string, unknown> => {
  const properties = fn.parameters.properties;
  const names =
    properties !== null && typeof properties === 'object' && Object.keys(properties).length > 0
      ? Object.keys(properties)
      : defaults;
  const args: Record<string, unknown> = {};
  for (const name of names) {
    if (/context|subject|descr|query|prompt/i.test(name) && values.context !== undefined) args[name] = values.context;
    else if (/fail|error|fallback/i.test(name)) args[name] = values.failureText;
    else if (/success|text|caption|words|message|say/i.test(name)) args[name] = values.successText;
  }
  return args;
};

const lastMessage = (messages: LlmMessage[], role: LlmMessage['role']): string => {
  for (let index = messages.length - 1; index >= 0; index--) {
    const message = messages[index];
    if (message?.role === role) return message.content;
  }
  return '';
};

const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** Deterministic choice: the same message on the same turn always gets the same pick. */
const picker =
  (seed: string): Pick =>
  (items, salt) =>
    items.length === 0 ? undefined : items[fnv1a(`${seed}|${salt}`) % items.length];
