import { describe, expect, it } from 'vitest';
import { checkoutReturnPath } from './return-path.ts';

describe('checkoutReturnPath', () => {
  it('adds the checkout and its outcome to the return path', () => {
    expect(checkoutReturnPath('/chat/mia', 'ck_1', 'success')).toBe('/chat/mia?checkout=ck_1&outcome=success');
    expect(checkoutReturnPath('/chat/mia', 'ck_1', 'cancel')).toBe('/chat/mia?checkout=ck_1&outcome=cancel');
  });

  it('keeps a query the path had and replaces an older outcome', () => {
    expect(checkoutReturnPath('/chat/mia?ref=x&outcome=cancel', 'ck_2', 'success')).toBe(
      '/chat/mia?ref=x&outcome=success&checkout=ck_2',
    );
  });

  it('never leaves the app, whatever the path says', () => {
    expect(checkoutReturnPath('//evil.example/x', 'ck_3', 'success').startsWith('/x?')).toBe(true);
  });
});
