import { describe, expect, it } from 'vitest';
import { completeWords } from '../reply/stream-drafts.ts';
import { moderationCrossing } from './moderation.ts';
import { allRefusalTexts, refusalText } from './refusal.ts';
import {
  type BoundaryRules,
  checkFanMessage,
  checkReplyRules,
  classifyContent,
  createReplyRulesCheck,
  declaresMinor,
  matchTopic,
} from './rules.ts';

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

describe('a reply checked as it is written (only the new words)', () => {
  /** Every draft a stream would check, as `createReplyDraftStream` shows them: whole words, growing. */
  const drafts = (text: string) => {
    const shown: string[] = [];
    for (let end = 1; end <= text.length; end += 1) {
      const words = completeWords(text.slice(0, end));
      if (words !== '' && words !== shown.at(-1)) shown.push(words);
    }
    return [...shown, text];
  };

  it('still catches a blocked phrase split between the checked words and the new ones', () => {
    const check = createReplyRulesCheck(rules);
    expect(check('Let me tell you about my')).toBeNull();
    expect(check('Let me tell you about my ex and')).toEqual({ reason: 'TOPIC', matched: 'my ex' });
    const content = createReplyRulesCheck(rules);
    expect(content('Tell me when you')).toBeNull();
    expect(content('Tell me when you send nudes')).toEqual({ reason: 'CONTENT_LEVEL', matched: 'nude' });
  });

  it('answers what the whole text’s check answers, draft by draft', () => {
    const cases: [string, BoundaryRules][] = [
      ['Honestly my ex was into politics and dieting all day', rules],
      ['You look so sexy tonight, my ex never said that', { ...rules, topics: [] }],
      ['I’m in a sussex class, what about you? Dating is hard', { ...rules, topics: ['dating'] }],
      ['Such a hot take, send nudes', { ...rules, contentLevel: 'SUGGESTIVE' }],
      ['Such a hot take, send nudes', { ...rules, contentLevel: 'ADULT', fanIsMinor: true }],
      ['Café politique: POLITICS, my   ex', rules],
    ];
    for (const [text, caseRules] of cases) {
      const check = createReplyRulesCheck(caseRules);
      for (const draft of drafts(text)) {
        const whole = checkReplyRules(draft, caseRules);
        expect(check(draft), draft).toEqual(whole);
        // A stream stops at its first crossing.
        if (whole) break;
      }
    }
  });

  it('checks a text that does not continue the last one whole', () => {
    const check = createReplyRulesCheck(rules);
    expect(check('Nothing to see')).toBeNull();
    expect(check('politics now')).toEqual({ reason: 'TOPIC', matched: 'politics' });
    const grown = createReplyRulesCheck({ ...rules, topics: ['politics'] });
    expect(grown('We talk poli')).toBeNull();
    expect(grown('We talk politics')).toEqual({ reason: 'TOPIC', matched: 'politics' });
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
