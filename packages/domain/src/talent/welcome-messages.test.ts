import { talentMessages } from '@doppel/validation';
import { describe, expect, it } from 'vitest';
import { assignWelcomeIds, welcomeMessagesProblem } from './welcome-messages.ts';

const stored = [{ id: 'first' }, { id: 'second' }];

describe('welcomeMessagesProblem', () => {
  it('accepts a list that keeps the first message first, with changed text, others removed or added', () => {
    expect(welcomeMessagesProblem(stored, [{ id: 'first', text: 'Hi again' }])).toBeUndefined();
    expect(
      welcomeMessagesProblem(stored, [{ id: 'first', text: 'Hi' }, { text: 'New' }, { id: 'second', text: 'B' }]),
    ).toBeUndefined();
  });

  it('refuses a list that drops the first message, or moves it down', () => {
    expect(welcomeMessagesProblem(stored, [{ id: 'second', text: 'B' }])).toBe(talentMessages.firstWelcomeMessageRequired);
    expect(welcomeMessagesProblem(stored, [])).toBe(talentMessages.firstWelcomeMessageRequired);
    expect(welcomeMessagesProblem(stored, [{ text: 'new' }, { id: 'first', text: 'A' }])).toBe(
      talentMessages.firstWelcomeMessageRequired,
    );
  });

  it('lets a twin without welcome messages add its first, or stay without', () => {
    expect(welcomeMessagesProblem([], [{ text: 'Hello' }])).toBeUndefined();
    expect(welcomeMessagesProblem([], [])).toBeUndefined();
  });

  it('refuses more than three messages and repeated ids', () => {
    const four = [{ id: 'first', text: 'a' }, { text: 'b' }, { text: 'c' }, { text: 'd' }];
    expect(welcomeMessagesProblem(stored, four)).toBe(talentMessages.welcomeMessagesMax);
    expect(
      welcomeMessagesProblem(stored, [
        { id: 'first', text: 'a' },
        { id: 'first', text: 'b' },
      ]),
    ).toBe(talentMessages.duplicateId);
  });
});

describe('assignWelcomeIds', () => {
  it('keeps given ids and gives new messages fresh ones', () => {
    let n = 0;
    const result = assignWelcomeIds([{ id: 'first', text: 'a' }, { text: 'b' }], () => `new${++n}`);
    expect(result.map((message) => message.id)).toEqual(['first', 'new1']);
  });
});
