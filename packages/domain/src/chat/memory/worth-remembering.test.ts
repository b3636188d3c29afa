import { describe, expect, it } from 'vitest';
import { mayTellAboutFan } from './worth-remembering.ts';

describe('which fan messages the memory job reads', () => {
  it('skips messages with no word, and questions that never speak in the first person', () => {
    for (const text of [
      '😂😂',
      '?!',
      'how was your day?',
      'What’s your favourite film? And your cat’s name?',
      'Any plans for you? 😊',
      'Bench streaming message 0: how was your day?',
      'Como foi o teu dia?',
    ])
      expect(mayTellAboutFan(text), text).toBe(false);
  });

  it('reads any statement, and any first-person word in the languages fans write', () => {
    for (const text of [
      'Going to the cinema with Anna',
      'how was your day? mine was long',
      'Who am I?',
      'Hi Mia! My name is Sam and my dog is called Rex',
      'Queue me a reply',
      'What should we do this weekend?',
      'Sam here. How was your day?',
      'Je m’appelle Sam, et toi ?',
      'Ich heiße Sam, und du?',
      'Me llamo Sam, ¿y tú?',
      'Eu sou o Sam, e tu?',
      'Io sono Sam, e tu?',
      '24 and a nurse',
    ])
      expect(mayTellAboutFan(text), text).toBe(true);
  });
});
