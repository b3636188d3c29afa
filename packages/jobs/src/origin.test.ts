import { describe, expect, it } from 'vitest';
import { splitJobOrigin, withCurrentOrigin, withJobOrigin } from './origin.ts';

describe('job origin', () => {
  it('adds the current origin to a payload, and only inside withJobOrigin', async () => {
    expect(withCurrentOrigin({ chatId: 'c1' })).toEqual({ chatId: 'c1' });
    const inside = await withJobOrigin({ requestId: 'r1' }, async () => {
      await Promise.resolve();
      return withCurrentOrigin({ chatId: 'c1' });
    });
    expect(inside).toEqual({ chatId: 'c1', $origin: { requestId: 'r1' } });
    expect(withJobOrigin(undefined, () => withCurrentOrigin({}))).toEqual({});
  });

  it('splits stored data back into the payload its schema checks and the origin', () => {
    expect(splitJobOrigin({ chatId: 'c1', $origin: { requestId: 'r1' } })).toEqual({
      payload: { chatId: 'c1' },
      origin: { requestId: 'r1' },
    });
    expect(splitJobOrigin({ chatId: 'c1' })).toEqual({ payload: { chatId: 'c1' }, origin: undefined });
    // A malformed origin is dropped rather than trusted; data that is not an object passes as it is.
    expect(splitJobOrigin({ $origin: 'r1' })).toEqual({ payload: {}, origin: undefined });
    expect(splitJobOrigin(null)).toEqual({ payload: null, origin: undefined });
  });
});
