import { describe, expect, it } from 'vitest';
import { offlineReply } from './offline-llm.ts';
import { extractMemoriesByRules, memoryHooks } from './offline-memory.ts';

const texts = (message: string) => extractMemoriesByRules(message).map((note) => `${note.kind} ${note.text}`);

describe('offline memory extraction rules', () => {
  it('learns a name said in the usual ways', () => {
    expect(texts('My name is Sam')).toEqual(['NAME Name: Sam']);
    expect(texts("hey, I'm Priya! how are you")).toEqual(['NAME Name: Priya']);
    expect(texts('you can call me jo')).toEqual(['NAME Name: Jo']);
    expect(texts("I'm Tom and I live in Lisbon")).toEqual(['NAME Name: Tom', 'FACT Lives in Lisbon']);
  });

  it('does not take a mood or a state for a name', () => {
    expect(texts("I'm tired")).toEqual([]);
    expect(texts("I'm Tired.")).toEqual([]);
    expect(texts("I'm so happy to talk to you")).toEqual([]);
    expect(texts("I'm Going out later")).toEqual([]);
    expect(texts('I am here')).toEqual([]);
  });

  it("learns a pet's name", () => {
    expect(texts('My dog is called Rex')).toEqual(['FACT Has a dog named Rex']);
    expect(texts("my cat's name is luna")).toEqual(['FACT Has a cat named Luna']);
    expect(texts('I have a dog named Biscuit')).toEqual(['FACT Has a dog named Biscuit']);
    expect(texts('I got a puppy called Max!')).toEqual(['FACT Has a puppy named Max']);
    expect(texts('my dog is Rex')).toEqual(['FACT Has a dog named Rex']);
    expect(texts('my dog is cute')).toEqual([]);
  });

  it('learns likes and dislikes, but not compliments to the twin', () => {
    expect(texts('I love hiking with my dog')).toEqual(['PREFERENCE Loves hiking with their dog']);
    expect(texts('I really hate mornings, but coffee helps')).toEqual(['PREFERENCE Hates mornings']);
    expect(texts('My favourite band is Arctic Monkeys')).toEqual(['PREFERENCE Favourite band: Arctic Monkeys']);
    expect(texts('I love you')).toEqual([]);
    expect(texts('I like that')).toEqual([]);
    expect(texts('I love talking to you')).toEqual([]);
  });

  it('learns where they live, their work, age, birthday and what happened', () => {
    expect(texts('I live in Berlin now')).toEqual(['FACT Lives in Berlin now']);
    expect(texts("I'm from Brazil")).toEqual(['FACT Is from Brazil']);
    expect(texts('I work as a nurse')).toEqual(['FACT Works as a nurse']);
    expect(texts("I'm a teacher.")).toEqual(['FACT Is a teacher']);
    expect(texts("I'm a bit tired")).toEqual([]);
    expect(texts("I'm 24 years old")).toEqual(['FACT Is 24 years old']);
    expect(texts('My birthday is March 3rd')).toEqual(['EVENT Birthday: March 3rd']);
    expect(texts('I just passed my driving test!')).toEqual(['EVENT Passed their driving test']);
  });

  it('finds nothing in small talk', () => {
    expect(texts('hi!')).toEqual([]);
    expect(texts('send me a pic of the beach')).toEqual([]);
    expect(texts('what are you up to today?')).toEqual([]);
  });
});

describe('the offline engine uses what it remembers', () => {
  const fanMemories = [
    { kind: 'NAME' as const, text: 'Name: Sam' },
    { kind: 'FACT' as const, text: 'Has a dog named Rex' },
  ];

  it('reads the name and pet back from the notes', () => {
    expect(memoryHooks(fanMemories)).toEqual({ name: 'Sam', pet: { animal: 'dog', name: 'Rex' } });
    expect(memoryHooks([])).toEqual({});
  });

  it('greets the fan by name', () => {
    const reply = offlineReply({
      model: 'offline',
      temperature: 1,
      messages: [{ role: 'user', content: 'hey' }],
      functions: [],
      offline: {
        twinName: 'Mia',
        purpose: null,
        personalityTraits: [],
        interests: ['travel'],
        facts: [],
        faqMatches: [],
        conversationStarters: [],
        fanMemories,
      },
    });
    expect(reply.text).toContain('Sam');
  });

  it('asks after the pet by name now and then', () => {
    const replies = ['so what now', 'tell me something', 'ok cool', 'nice one', 'haha really', 'go on'].map(
      (content) =>
        offlineReply({
          model: 'offline',
          temperature: 1,
          messages: [{ role: 'user', content }],
          functions: [],
          offline: {
            twinName: 'Mia',
            purpose: null,
            personalityTraits: [],
            interests: ['travel'],
            facts: [],
            faqMatches: [],
            conversationStarters: [],
            fanMemories,
          },
        }).text ?? '',
    );
    expect(replies.some((text) => text.includes('Rex'))).toBe(true);
    expect(replies.some((text) => text.includes('Sam'))).toBe(true);
  });
});
