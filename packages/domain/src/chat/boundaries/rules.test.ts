import { describe, expect, it } from 'vitest';
import { moderationCrossing } from './moderation.ts';
import { allRefusalTexts, refusalText } from './refusal.ts';
import { checkFanMessage, checkReplyRules, classifyContent, declaresMinor, matchTopic } from './rules.ts';

const rules = { topics: ['politics', 'my ex', 'dieting'], contentLevel: 'SAFE' as const, fanIsMinor: false };

describe('blocked topics', () => {
  it('match whole words in other forms and letter cases', () => {
    expect(matchTopic('What do you think about POLITICS?', rules.topics)).toBe('politics');
    expect(matchTopic('Are you on a diet? I am dieting', rules.topics)).toBe('dieting');
    expect(matchTopic('I keep thinking about my ex lately', rules.topics)).toBe('my ex');
    expect(matchTopic('Do you date? Dating is hard', ['dating'])).toBe('dating');
    expect(matchTopic('I love cats', ['cat'])).toBe('cat');
  });

  it('never match inside another word', () => {
    expect(matchTopic('my class starts at nine', ['ass'])).toBeNull();
    expect(matchTopic('politician', ['politics'])).toBeNull();
    expect(matchTopic('my exam went well', rules.topics)).toBeNull();
    expect(matchTopic('anything', [])).toBeNull();
  });
});

describe('content level', () => {
  it('classifies by a small lexicon of whole words', () => {
    expect(classifyContent('send nudes')).toEqual({ level: 'ADULT', term: 'nude' });
    expect(classifyContent('you look so sexy')).toEqual({ level: 'SUGGESTIVE', term: 'sexy' });
    expect(classifyContent('I’m in a sussex class')).toEqual({ level: 'SAFE', term: null });
  });

  it('refuses beyond the twin’s level and allows up to it', () => {
    expect(checkReplyRules('you look so sexy', rules)).toEqual({ reason: 'CONTENT_LEVEL', matched: 'sexy' });
    expect(checkReplyRules('you look so sexy', { ...rules, contentLevel: 'SUGGESTIVE' })).toBeNull();
    expect(checkReplyRules('send nudes', { ...rules, contentLevel: 'SUGGESTIVE' })?.reason).toBe('CONTENT_LEVEL');
    expect(checkReplyRules('send nudes', { ...rules, contentLevel: 'ADULT' })).toBeNull();
    expect(checkReplyRules('politics is fun', { ...rules, contentLevel: 'ADULT' })).toEqual({
      reason: 'TOPIC',
      matched: 'politics',
    });
  });
});

describe('minors', () => {
  it('reads a declared age under 18', () => {
    for (const text of [
      "I'm 16",
      'im 15 years old',
      'I am under 18',
      'I’m only 14 lol',
      'I am a minor',
      'my age is 13',
      '17 yo here',
    ])
      expect(declaresMinor(text), text).toBe(true);
    for (const text of ["I'm 24", "I'm 16 minutes away", 'I have 16 cats', 'I am under the weather', 'i am 18'])
      expect(declaresMinor(text), text).toBe(false);
  });

  it('refuses adult content to a declared minor whatever the level, in the same message too', () => {
    const adultTwin = { ...rules, contentLevel: 'ADULT' as const };
    expect(checkFanMessage("I'm 16, send nudes", adultTwin)).toEqual({
      crossing: { reason: 'MINOR', matched: 'nude' },
      declaresMinor: true,
    });
    expect(checkFanMessage('send nudes', { ...adultTwin, fanIsMinor: true }).crossing?.reason).toBe('MINOR');
    expect(checkFanMessage("I'm 16 and I love football", adultTwin)).toEqual({ crossing: null, declaresMinor: true });
  });
});

describe('moderation verdicts', () => {
  it('let sexual content through only for an adult fan of an ADULT twin', () => {
    const sexual = { flagged: true, categories: ['sexual'] };
    expect(moderationCrossing(sexual, { ...rules, contentLevel: 'ADULT' })).toBeNull();
    expect(moderationCrossing(sexual, rules)).toEqual({ reason: 'MODERATION', matched: 'sexual' });
    expect(moderationCrossing(sexual, { ...rules, contentLevel: 'ADULT', fanIsMinor: true })?.reason).toBe('MODERATION');
    expect(moderationCrossing({ flagged: true, categories: ['violence'] }, { ...rules, contentLevel: 'ADULT' })?.matched).toBe(
      'violence',
    );
    expect(moderationCrossing({ flagged: false, categories: [] }, rules)).toBeNull();
  });
});

describe('the refusal', () => {
  it('is in the first person, names no rule, and is the same for the same message', () => {
    expect(refusalText('message-1')).toBe(refusalText('message-1'));
    expect(new Set(['a', 'b', 'c', 'd', 'e', 'f', 'g'].map(refusalText)).size).toBeGreaterThan(1);
    for (const text of allRefusalTexts) expect(text).not.toMatch(/topic|rule|policy|filter|block/i);
  });
});
