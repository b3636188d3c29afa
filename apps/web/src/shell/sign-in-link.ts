// What a magic link's address carries (docs/product-rules.md#signed-out-screens). Pure, unit-tested in sign-in-link.test.ts.
import { chatReturnPathPattern } from '@doppel/validation';

/**
 * The email, token and mode=signIn of a magic link (docs/product-rules.md#signed-out-screens), and the chat it returns a fan to
 * (`next`, only a messenger path of this site), or null when the address holds none.
 */
export function readSignInLink(search: string): { email: string; token: string; next: string | null } | null {
  const params = new URLSearchParams(search);
  const email = params.get('email');
  const token = params.get('token');
  if (params.get('mode') !== 'signIn' || !email || !token) return null;
  const next = params.get('next');
  return { email, token, next: next !== null && chatReturnPathPattern.test(next) ? next : null };
}
