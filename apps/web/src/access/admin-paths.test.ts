import { describe, expect, it } from 'vitest';
import { isAdminAddress } from './admin-paths.ts';

describe('isAdminAddress', () => {
  it('knows every section, the pages inside one, and the record pages', () => {
    for (const path of ['/status', '/payouts', '/payouts/p1', '/chats/c1/messages', '/records/users/u1', '/broadcasts']) {
      expect(isAdminAddress(path), path).toBe(true);
    }
  });

  it("leaves the creator's and the public addresses alone", () => {
    for (const path of ['/', '/earnings', '/conversations', '/settings/voice', '/payoutsx', '/chat/mia', '/discover']) {
      expect(isAdminAddress(path), path).toBe(false);
    }
  });
});
