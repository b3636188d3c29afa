import { describe, expect, it } from 'vitest';
import {
  balanceDescription,
  callToActionOf,
  creditsLabel,
  isSubscribedAt,
  nextStep,
  saidWhatToDo,
  totalCredits,
  unlockLabel,
} from './price-label.ts';

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
    expect(
      nextStep({ balance: { credits: 0, paidCredits: 1 }, isAnonymous: true, creditsToSendMessage: 1, isSubscribed: false }),
    ).toBe('chat');
    expect(
      nextStep({ balance: { credits: 0, paidCredits: 0 }, isAnonymous: false, creditsToSendMessage: 0, isSubscribed: false }),
    ).toBe('chat');
  });

  it('asks an anonymous fan out of credits to sign in, a signed-in one to get credits', () => {
    expect(
      nextStep({ balance: { credits: 1, paidCredits: 0 }, isAnonymous: true, creditsToSendMessage: 2, isSubscribed: false }),
    ).toBe('sign-in');
    expect(
      nextStep({ balance: { credits: 0, paidCredits: 0 }, isAnonymous: false, creditsToSendMessage: 1, isSubscribed: false }),
    ).toBe('get-credits');
  });

  it('never stops a subscribed fan from sending, whatever the balance', () => {
    expect(
      nextStep({ balance: { credits: 0, paidCredits: 0 }, isAnonymous: false, creditsToSendMessage: 3, isSubscribed: true }),
    ).toBe('chat');
  });
});

describe('isSubscribedAt', () => {
  const now = Date.parse('2026-11-23T10:00:00.000Z');

  it('is subscribed until the paid period ends', () => {
    expect(isSubscribedAt('2026-12-23T10:00:00.000Z', now)).toBe(true);
    expect(isSubscribedAt('2026-11-23T09:59:59.000Z', now)).toBe(false);
    expect(isSubscribedAt(null, now)).toBe(false);
  });
});

describe('callToActionOf', () => {
  const fan = (id: string) => ({ id, senderType: 'USER' as const, callToAction: null });
  const twin = (id: string, callToAction: 'SIGN_IN' | 'CHECKOUT' | 'SUBSCRIBE' | null) => ({
    id,
    senderType: 'TALENT' as const,
    callToAction,
  });
  const signedIn = { isAnonymous: false, isSubscribed: false };

  it('offers the way forward under the newest out-of-credits answer only', () => {
    const messages = [fan('1'), twin('2', 'CHECKOUT'), fan('3'), twin('4', 'SUBSCRIBE'), fan('5'), twin('6', null)];
    expect(callToActionOf(messages, signedIn)).toEqual({ messageId: '4', kind: 'SUBSCRIBE' });
    expect(callToActionOf([fan('1'), twin('2', null)], signedIn)).toBeNull();
  });

  it('asks only an anonymous fan to sign in, and only a signed-in fan to buy', () => {
    expect(callToActionOf([twin('1', 'SIGN_IN')], { isAnonymous: true, isSubscribed: false })).toEqual({
      messageId: '1',
      kind: 'SIGN_IN',
    });
    expect(callToActionOf([twin('1', 'SIGN_IN')], signedIn), 'signed in since').toBeNull();
    expect(callToActionOf([twin('1', 'CHECKOUT')], { isAnonymous: true, isSubscribed: false })).toBeNull();
  });

  it('offers a subscribed fan credits instead of the subscription they have', () => {
    expect(callToActionOf([twin('1', 'SUBSCRIBE')], { isAnonymous: false, isSubscribed: true })).toEqual({
      messageId: '1',
      kind: 'CHECKOUT',
    });
  });
});

describe('saidWhatToDo', () => {
  const fan = (text: string) => ({ senderType: 'USER' as const, callToAction: null, text });
  const twin = (callToAction: 'SIGN_IN' | 'CHECKOUT' | 'SUBSCRIBE' | null) => ({ senderType: 'TALENT' as const, callToAction });

  it('hides the composer once the twin’s latest word is the answer for this situation', () => {
    expect(saidWhatToDo('sign-in', [fan('hi'), twin('SIGN_IN')])).toBe(true);
    expect(saidWhatToDo('get-credits', [fan('hi'), twin('CHECKOUT')])).toBe(true);
    expect(saidWhatToDo('get-credits', [twin('SUBSCRIBE'), fan('hi?')])).toBe(true);
  });

  it('keeps the composer while the fan can pay, before the answer, and in a new situation', () => {
    expect(saidWhatToDo('chat', [twin('SIGN_IN')])).toBe(false);
    expect(saidWhatToDo('sign-in', [fan('hi'), twin(null)])).toBe(false);
    expect(saidWhatToDo('sign-in', [twin('SIGN_IN'), twin(null)])).toBe(false);
    // Signed in since: the sign-in answer no longer says what to do.
    expect(saidWhatToDo('get-credits', [twin('SIGN_IN')])).toBe(false);
    expect(saidWhatToDo('sign-in', [])).toBe(false);
  });
});
