import { TRPCClientError } from '@trpc/client';
import { describe, expect, it } from 'vitest';
import { createSendKeys, randomKey, retriesSend, sendRetries } from './send-keys.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** Keys k1, k2, … in the order they are made. */
function countingKeys() {
  let made = 0;
  return () => {
    made += 1;
    return `k${made}`;
  };
}

/** An error as the tRPC client reports an answer of the API with this code. */
function apiError(code: string) {
  return new TRPCClientError('refused', { result: { error: { message: 'refused', code: -32600, data: { code } } } });
}

describe('the idempotency key of a sent message', () => {
  it('keeps the key of an unanswered message for every retry of the same words', () => {
    const keys = createSendKeys(countingKeys());
    const message = { chatId: 'c1', text: 'Did you get this?' };
    expect(keys.keyFor(message)).toBe('k1');
    // The send failed: its words are back in the composer and the fan sends them again.
    expect(keys.keyFor(message)).toBe('k1');
    expect(keys.keyFor({ ...message, text: ' Did you get this? ' })).toBe('k1');
  });

  it('makes a new key for other words, another chat or another starter', () => {
    const keys = createSendKeys(countingKeys());
    expect(keys.keyFor({ chatId: 'c1', text: 'hi' })).toBe('k1');
    expect(keys.keyFor({ chatId: 'c1', text: 'hi!' })).toBe('k2');
    expect(keys.keyFor({ chatId: 'c2', text: 'hi!' })).toBe('k3');
    expect(keys.keyFor({ chatId: 'c2', text: 'hi!', suggestionId: 's1' })).toBe('k4');
  });

  it('makes a new key once the message was answered, even for the same words', () => {
    const keys = createSendKeys(countingKeys());
    const message = { chatId: 'c1', text: 'lol' };
    const first = keys.keyFor(message);
    keys.answered(first);
    expect(keys.keyFor(message)).toBe('k2');
    // A late answer of an older message does not drop the key of the one still on its way.
    keys.answered(first);
    expect(keys.keyFor(message)).toBe('k2');
  });

  it('makes version 4 UUIDs, as the API asks, with or without crypto.randomUUID', () => {
    expect(randomKey()).toMatch(uuid);
    // A page on plain HTTP outside localhost has no crypto.randomUUID.
    const original = Object.getOwnPropertyDescriptor(crypto, 'randomUUID');
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const keys = new Set(Array.from({ length: 50 }, randomKey));
      expect(keys.size).toBe(50);
      for (const key of keys) expect(key).toMatch(uuid);
    } finally {
      if (original) Object.defineProperty(crypto, 'randomUUID', original);
      else Reflect.deleteProperty(crypto, 'randomUUID');
    }
  });
});

describe('retrying a send by itself', () => {
  it('retries when no answer came or the database was out of reach, a limited number of times', () => {
    const dropped = new TRPCClientError('Failed to fetch');
    expect(retriesSend(0, dropped)).toBe(true);
    expect(retriesSend(0, apiError('SERVICE_UNAVAILABLE'))).toBe(true);
    expect(retriesSend(sendRetries - 1, dropped)).toBe(true);
    expect(retriesSend(sendRetries, dropped)).toBe(false);
  });

  it('never retries a refusal', () => {
    for (const code of ['BAD_REQUEST', 'CONFLICT', 'UNAUTHORIZED', 'FORBIDDEN', 'NOT_FOUND', 'INTERNAL_SERVER_ERROR']) {
      expect(retriesSend(0, apiError(code))).toBe(false);
    }
  });
});
