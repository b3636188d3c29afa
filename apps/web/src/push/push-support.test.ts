import { describe, expect, it } from 'vitest';
import { base64UrlToBytes, decidePushState, isPushSupported, isSameKey, toSubscribeInput } from './push-support.ts';

const browser = { isSecureContext: true, navigator: { serviceWorker: {} }, PushManager: class {}, Notification: class {} };

describe('isPushSupported', () => {
  it('needs a secure context, service workers, the Push API and notifications', () => {
    expect(isPushSupported(browser)).toBe(true);
    expect(isPushSupported({ ...browser, isSecureContext: false })).toBe(false);
    expect(isPushSupported({ ...browser, navigator: {} })).toBe(false);
    expect(isPushSupported({ ...browser, PushManager: undefined })).toBe(false);
    expect(isPushSupported({ ...browser, Notification: undefined })).toBe(false);
  });
});

describe('decidePushState', () => {
  const base = { supported: true, permission: 'granted' as const, browserEndpoint: 'https://push/1', serverSubscribed: true };

  it('is on only when the browser has a subscription the server keeps for this fan', () => {
    expect(decidePushState(base)).toBe('on');
    expect(decidePushState({ ...base, serverSubscribed: false })).toBe('off');
    expect(decidePushState({ ...base, browserEndpoint: null, serverSubscribed: undefined })).toBe('off');
  });

  it('waits while the browser or the server is being asked', () => {
    expect(decidePushState({ ...base, browserEndpoint: undefined })).toBe('checking');
    expect(decidePushState({ ...base, serverSubscribed: undefined })).toBe('checking');
  });

  it('is blocked when the fan denied notifications, and off before they were asked', () => {
    expect(decidePushState({ ...base, permission: 'denied' })).toBe('blocked');
    expect(decidePushState({ ...base, permission: 'default' })).toBe('off');
  });

  it('offers nothing where push is not supported', () => {
    expect(decidePushState({ ...base, supported: false })).toBe('unsupported');
  });
});

describe('keys', () => {
  // A VAPID public key as the server gives it: 65 bytes, URL-safe base64 without padding.
  const publicKey = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';

  it('decodes URL-safe base64 without padding to the key bytes', () => {
    const bytes = base64UrlToBytes(publicKey);
    expect(bytes).toHaveLength(65);
    expect(bytes[0]).toBe(0x04);
    expect(Array.from(base64UrlToBytes('_-8'))).toEqual([0xff, 0xef]);
  });

  it('tells whether a subscription was made with the current server key', () => {
    expect(isSameKey(base64UrlToBytes(publicKey).buffer, publicKey)).toBe(true);
    const other = base64UrlToBytes(publicKey);
    other[64] = (other[64] ?? 0) ^ 1;
    expect(isSameKey(other.buffer, publicKey)).toBe(false);
    expect(isSameKey(null, publicKey)).toBe(false);
  });
});

describe('toSubscribeInput', () => {
  it("takes the endpoint and keys of the browser's subscription, and nothing without keys", () => {
    const json = { endpoint: 'https://push/1', expirationTime: null, keys: { p256dh: 'B1', auth: 'a1' } };
    expect(toSubscribeInput(json)).toEqual({ endpoint: 'https://push/1', keys: { p256dh: 'B1', auth: 'a1' } });
    expect(toSubscribeInput({ endpoint: 'https://push/1' })).toBeNull();
  });
});
