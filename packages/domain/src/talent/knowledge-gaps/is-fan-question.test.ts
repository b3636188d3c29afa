// What the knowledge-gap inbox lists: questions the twin should know the answer to, never chat.
import { describe, expect, it } from 'vitest';
import { isFanQuestion } from './is-fan-question.ts';

describe('isFanQuestion', () => {
  it('keeps questions, with or without a question mark', () => {
    const questions = [
      'Do you ship merch to Canada?',
      'what camera do you use',
      'Where do you live?',
      'When is your next live stream',
      'How do you stay so fit?',
      'how old are you',
      'Why did you start modelling?',
      'Who does your makeup?',
      'Which gym do you go to',
      'Are you vegetarian?',
      'r u single',
      'Can you speak French',
      'Have you been to Japan?',
      'Is it true you have a dog',
      'Tell me about your dog',
      'I was wondering what your favourite food is',
      'any tips for a beginner photographer',
      'Favourite pizza topping?',
      'you vegan?',
      'What’s your favourite film?',
      'whats ur favourite colour',
      'Hey Mia, what camera do you use',
      'Haha what camera do you use?',
      'hi! where are you from?',
      'How are you? What gym do you go to?',
      'I’m vegetarian btw, what do you eat on a shoot day?',
      'Quick question: do you do custom videos',
      'Is there a discount for subscribers 👀',
    ];
    for (const text of questions) expect(isFanQuestion(text), text).toBe(true);
  });

  it('leaves out small talk, reactions and statements', () => {
    const chat = [
      'Haha unlocked it, looks great',
      'I’m vegetarian btw',
      'hi',
      'hey there!',
      'Hello Mia',
      'good morning ☀️',
      'thank you!',
      'Thanks so much!!',
      'ok 👍',
      'lol',
      'haha omg yes 😂',
      'good night my love',
      'How are you?',
      'how are you mia',
      'hows it going',
      'what’s up?',
      'wyd',
      'and you?',
      'you there?',
      'really?',
      'Wait really?!',
      'lol what?',
      'why not',
      'what a view!',
      'How cute is that',
      'I love your videos',
      'You look amazing in that dress',
      'Just bought the photo, worth it',
      '?? ?? ??',
      '',
      '   ',
    ];
    for (const text of chat) expect(isFanQuestion(text), text).toBe(false);
  });
});
