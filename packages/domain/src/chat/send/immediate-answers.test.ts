import { describe, expect, it } from 'vitest';
import { defaultOutOfCreditsTexts, outOfCreditsAnswer, repeatsOutOfCreditsAnswer, starterAnswer } from './immediate-answers.ts';

const texts = {
  chatMessageForAuth: 'Sign in!',
  chatMessageForCheckout: 'Buy credits!',
  chatMessageForSubscription: 'Subscribe!',
  subscriptionProductId: 'product-1',
};

describe('outOfCreditsAnswer', () => {
  it('asks an anonymous fan to sign in, whatever the talent sells', () => {
    expect(outOfCreditsAnswer(texts, true)).toEqual({ kind: 'auth', text: 'Sign in!' });
  });

  it('offers the subscription to a signed-in fan when the talent has one, else the checkout', () => {
    expect(outOfCreditsAnswer(texts, false)).toEqual({ kind: 'subscription', text: 'Subscribe!' });
    expect(outOfCreditsAnswer({ ...texts, subscriptionProductId: null }, false)).toEqual({
      kind: 'checkout',
      text: 'Buy credits!',
    });
  });

  it('falls back to a default text when the talent left its message empty', () => {
    const empty = { ...texts, chatMessageForAuth: '  ', chatMessageForCheckout: null, subscriptionProductId: null };
    expect(outOfCreditsAnswer(empty, true).text).toBe(defaultOutOfCreditsTexts.auth);
    expect(outOfCreditsAnswer(empty, false).text).toBe(defaultOutOfCreditsTexts.checkout);
  });
});

describe('starterAnswer', () => {
  const suggestions = [
    { id: 's1', text: 'Hi?', answer: 'Hello there!' },
    { id: 's2', text: 'Where are you?' },
    { id: 's3', text: 'Blank', answer: ' ' },
  ];

  it('gives the static answer of the picked starter', () => {
    expect(starterAnswer(suggestions, 's1')).toBe('Hello there!');
  });

  it('leaves starters without an answer, unknown starters and free text to the model', () => {
    expect(starterAnswer(suggestions, 's2')).toBeUndefined();
    expect(starterAnswer(suggestions, 's3')).toBeUndefined();
    expect(starterAnswer(suggestions, 'gone')).toBeUndefined();
    expect(starterAnswer(suggestions, undefined)).toBeUndefined();
  });
});

describe('repeatsOutOfCreditsAnswer', () => {
  it('is true only while the twin’s latest word already is this call to action', () => {
    expect(repeatsOutOfCreditsAnswer('SIGN_IN', 'auth')).toBe(true);
    expect(repeatsOutOfCreditsAnswer('CHECKOUT', 'checkout')).toBe(true);
    expect(repeatsOutOfCreditsAnswer('SUBSCRIBE', 'subscription')).toBe(true);
  });

  it('lets a new situation be answered once more: signed in since, or the twin said something else', () => {
    expect(repeatsOutOfCreditsAnswer('SIGN_IN', 'checkout')).toBe(false);
    expect(repeatsOutOfCreditsAnswer(null, 'auth')).toBe(false);
    expect(repeatsOutOfCreditsAnswer(undefined, 'auth')).toBe(false);
  });
});
