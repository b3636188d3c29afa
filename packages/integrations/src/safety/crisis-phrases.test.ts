import { describe, expect, it } from 'vitest';
import { matchCrisisPhrase, normaliseForCrisis } from './crisis-phrases.ts';

describe('normaliseForCrisis', () => {
  it('drops case, accents, apostrophes and punctuation', () => {
    expect(normaliseForCrisis('I’m SUICIDAL!!!')).toBe('im suicidal');
    expect(normaliseForCrisis("I don't want to live... anymore")).toBe('i dont want to live anymore');
    expect(normaliseForCrisis('  Self-harm\n again ')).toBe('self harm again');
  });
});

describe('the crisis phrase list', () => {
  // Ways people say it that the list must catch: curly apostrophes, shouting, slang, no punctuation.
  it.each([
    'I want to kill myself',
    'i wanna kill my self',
    'honestly kms',
    'I’m going to end my life',
    'thinking about ending it all tonight',
    'I just want to die',
    'I WANT TO DIE.',
    'sometimes I wish I were dead',
    'I wish I was never born',
    'everyone would be better off without me',
    'I’m suicidal',
    'I have been thinking about suicide a lot',
    'i dont want to be alive anymore',
    'I don’t want to wake up ever again',
    'there’s no reason to live',
    'I have nothing left to live for',
    'life is not worth living',
    'I can’t go on',
    'I’ve been cutting myself again',
    'I keep hurting myself',
    'I want to hurt myself',
    'self-harm is the only thing that helps',
    'I’m going to take an overdose',
    'going to swallow all my pills',
    'I want to slit my wrists',
    'I’m going to jump off the bridge',
    'I want to unalive myself',
  ])('catches "%s"', (text) => {
    expect(matchCrisisPhrase(text)).not.toBeNull();
  });

  // Figures of speech and ordinary talk that must never trigger the safety reply.
  it.each([
    'this workout is killing me',
    'I’d die for that pizza',
    'dead tired after today',
    'I’m dying to meet you',
    'that joke killed me 😂',
    'I nearly died laughing',
    'my phone is dead',
    'the heat is killing me',
    'my feet are killing me',
    'I could murder a burger',
    'I’d kill for your hair',
    'you’re killing it!',
    'I’m dead 😂',
    'Die Hard is my favourite film',
    'Suicide Squad was a fun movie',
    'I cut my hair yesterday',
    'I hurt myself playing football',
    'I ran 10 kms today',
    'I’m going to end it with my boyfriend',
    'let’s end it here for today',
    'I overdid it at the gym',
    'my plants keep dying',
    'the battery died again',
    'I’m starving, what should I eat?',
    'I want to dye my hair pink',
    'I don’t want to wake up early tomorrow, it’s Saturday',
    'I want to be a dentist',
    '',
  ])('lets "%s" pass', (text) => {
    expect(matchCrisisPhrase(text)).toBeNull();
  });
});
