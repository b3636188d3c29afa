// Which fan messages the memory job reads. Extraction is a model call (and a job, and its reads)
// after the reply; a message that cannot tell anything about the fan is not sent to it: one with
// no word at all ("😂", "?!"), and a message made only of questions that never speaks in the first
// person ("how was your day?", "what's your favourite film? and your dog's name?"). Everything
// else is read, in any language: a first-person word of English, Spanish, Portuguese, French,
// German or Italian anywhere, or any sentence that is not a question ("Going to the cinema with
// Anna"), sends it to extraction. The rule rather reads a message for nothing than misses a fact.
import { wordsOf } from '../boundaries/words.ts';

/**
 * First-person words, as `wordsOf` writes them (lower case, accents and apostrophes dropped: "I'm"
 * is "im", "j'ai" is "jai", "m'appelle" is "mappelle").
 */
const firstPerson = new Set(
  // English
  (
    'i im ive id ill me my mine myself we weve wed were us our ours ourselves lets ' +
    // Spanish and Portuguese
    'yo mi mis mio mia me conmigo soy estoy tengo llamo nosotros nosotras nuestro nuestra eu meu minha meus minhas ' +
    'comigo sou estou tenho chamo nos nosso nossa ' +
    // French
    'je jai jsuis moi mon ma mes suis mappelle nous notre nos ' +
    // German
    'ich mich mir mein meine meinen meinem meiner bin heisse wir uns unser unsere ' +
    // Italian
    'io mio miei mie sono ho chiamo noi nostro nostra'
  ).split(' '),
);

/** Whether the memory job should read this fan message: see the file comment. */
export function mayTellAboutFan(text: string): boolean {
  const words = wordsOf(text);
  if (words.length === 0) return false;
  if (words.some((word) => firstPerson.has(word))) return true;
  // Any sentence that does not end in a question mark is a statement: it is read ("Sam here. How
  // was your day?"). A sentence ends at . ! ? or a line break; pieces without words ("!") do not count.
  const sentences = text.split(/(?<=[.!?。！？\n])/u);
  return sentences.some((sentence) => !/[?？]\s*$/u.test(sentence) && wordsOf(sentence).length > 0);
}
