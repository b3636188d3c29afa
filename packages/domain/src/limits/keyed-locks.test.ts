import { describe, expect, it } from 'vitest';
import { advisoryLockKey } from './keyed-locks.ts';

describe('advisoryLockKey', () => {
  it('gives every process the same signed 64-bit key for a string, and different strings different keys', () => {
    const key = advisoryLockKey('sign-in-email:a@example.com');
    expect(advisoryLockKey('sign-in-email:a@example.com')).toBe(key);
    expect(key).toBeGreaterThanOrEqual(-(2n ** 63n));
    expect(key).toBeLessThan(2n ** 63n);
    expect(advisoryLockKey('sign-in-email:b@example.com')).not.toBe(key);
    expect(advisoryLockKey('sign-in-address:a@example.com')).not.toBe(key);
  });
});
