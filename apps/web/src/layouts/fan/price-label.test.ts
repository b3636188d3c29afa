import { describe, expect, it } from 'vitest';
import { balanceDescription, creditsLabel, nextStep, totalCredits, unlockLabel } from './price-label.ts';

describe('price labels', () => {
  it('says credit or credits', () => {
    expect(creditsLabel(0)).toBe('0 credits');
    expect(creditsLabel(1)).toBe('1 credit');
    expect(creditsLabel(5)).toBe('5 credits');
  });

  it('labels unlock buttons, free at price 0', () => {
    expect(unlockLabel(2)).toBe('Unlock for 2 credits');
    expect(unlockLabel(1)).toBe('Unlock for 1 credit');
    expect(unlockLabel(0)).toBe('Unlock for free');
  });

  it('adds free and paid credits and describes the balance', () => {
    expect(totalCredits({ credits: 10, paidCredits: 2 })).toBe(12);
    expect(balanceDescription({ credits: 10, paidCredits: 2 })).toBe('12 credits (10 free, 2 paid)');
    expect(balanceDescription({ credits: 1, paidCredits: 0 })).toBe('1 credit (1 free, 0 paid)');
  });
});

describe('nextStep', () => {
  it('lets the fan chat while the balance covers a message', () => {
    expect(nextStep({ balance: { credits: 0, paidCredits: 1 }, isAnonymous: true, creditsToSendMessage: 1 })).toBe('chat');
    expect(nextStep({ balance: { credits: 0, paidCredits: 0 }, isAnonymous: false, creditsToSendMessage: 0 })).toBe('chat');
  });

  it('asks an anonymous fan out of credits to sign in, a signed-in one to get credits', () => {
    expect(nextStep({ balance: { credits: 1, paidCredits: 0 }, isAnonymous: true, creditsToSendMessage: 2 })).toBe('sign-in');
    expect(nextStep({ balance: { credits: 0, paidCredits: 0 }, isAnonymous: false, creditsToSendMessage: 1 })).toBe(
      'get-credits',
    );
  });
});
