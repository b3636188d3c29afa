import { adminUserFilters } from '@doppel/validation';
import { describe, expect, it } from 'vitest';
import { readListParams, writeListParams } from '../../../kit/list-params.ts';
import { userEmailLabel, userFilterLabels, userFilterOptions, userListParams, userTitle } from './user-format.ts';

describe('users list params', () => {
  it('opens on "Waitlist - Pending" with no search, and ignores an unknown filter', () => {
    expect(readListParams(new URLSearchParams(''), userListParams)).toEqual({ filter: 'pending', q: '' });
    expect(readListParams(new URLSearchParams('filter=everyone&q=%20ana%20'), userListParams)).toEqual({
      filter: 'pending',
      q: 'ana',
    });
  });

  it('keeps the default filter out of the address and the search in it', () => {
    expect(writeListParams(new URLSearchParams(), userListParams, { filter: 'pending', q: 'ana@' }).toString()).toBe('q=ana%40');
    expect(writeListParams(new URLSearchParams('q=x'), userListParams, { filter: 'fans', q: '' }).toString()).toBe('filter=fans');
  });

  it('offers every filter with the screen’s labels, in order', () => {
    expect(userFilterOptions.map((option) => option.value)).toEqual([...adminUserFilters]);
    expect(userFilterOptions.map((option) => option.label)).toEqual([
      'Waitlist - Pending',
      'Waitlist - Accepted',
      'Waitlist - Rejected',
      'Live',
      'Onboarding',
      'Admins',
      'Fans',
    ]);
    expect(userFilterLabels.fans).toBe('Fans');
  });
});

describe('user labels', () => {
  it('names anonymous fans and users without a name', () => {
    expect(userEmailLabel({ email: null })).toBe('Anonymous fan');
    expect(userTitle({ name: ' ', email: 'a@b.co' })).toBe('a@b.co');
    expect(userTitle({ name: '', email: null })).toBe('Anonymous fan');
    expect(userTitle({ name: 'Ana', email: 'a@b.co' })).toBe('Ana');
  });
});
