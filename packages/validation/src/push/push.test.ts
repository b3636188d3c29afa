import { describe, expect, it } from 'vitest';
import { pushSubscribeInput } from './index.ts';

// A subscription as Chrome's PushSubscription.toJSON() gives it.
const chrome = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/dXo0Yk1:APA91bH',
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
};

const firstError = (input: unknown) => pushSubscribeInput.safeParse(input).error?.issues[0]?.message;

describe('pushSubscribeInput', () => {
  it("takes a browser's subscription as it is", () => {
    expect(pushSubscribeInput.parse(chrome)).toEqual(chrome);
  });

  it('takes padded base64url keys and a local http push service', () => {
    const padded = {
      ...chrome,
      endpoint: 'http://127.0.0.1:4000/push/1',
      keys: { ...chrome.keys, auth: `${chrome.keys.auth}==` },
    };
    expect(pushSubscribeInput.safeParse(padded).success).toBe(true);
  });

  it('refuses endpoints that are not http(s) URLs or are too long', () => {
    expect(firstError({ ...chrome, endpoint: 'javascript:alert(1)' })).toBe('The subscription endpoint must be an http(s) URL');
    expect(firstError({ ...chrome, endpoint: `https://push.example/${'a'.repeat(2000)}` })).toBe(
      'The subscription endpoint must be at most 2000 characters',
    );
  });

  it('refuses keys that no browser makes', () => {
    expect(firstError({ ...chrome, keys: { ...chrome.keys, p256dh: chrome.keys.p256dh.slice(1) } })).toBe(
      "The browser's key is not a P-256 public key",
    );
    expect(firstError({ ...chrome, keys: { ...chrome.keys, p256dh: `${chrome.keys.p256dh.slice(0, -1)}+` } })).toBe(
      "The browser's key must be URL-safe base64",
    );
    expect(firstError({ ...chrome, keys: { ...chrome.keys, auth: 'c2hvcnQ' } })).toBe(
      "The browser's auth secret must be 16 bytes",
    );
    expect(firstError({ ...chrome, keys: { ...chrome.keys, auth: 'A'.repeat(500) } })).toBe(
      "The browser's auth secret must be 16 bytes",
    );
  });
});
