import { describe, expect, it } from 'vitest';
import { createDiscoverEntryInput, updateDiscoverEntryInput } from './discover.ts';

const visible = { discoverFeed: true, discoverInReview: false, homepage1: false, homepage2: true };
const messagesOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('discover entry payloads', () => {
  it('requires a talent id to create an entry (docs/product-rules.md#admin-forms)', () => {
    expect(messagesOf(createDiscoverEntryInput.safeParse({ talentId: '  ' }))).toEqual(['Talent ID is required']);
    expect(createDiscoverEntryInput.parse({ talentId: ' abc ' })).toEqual({ talentId: 'abc' });
  });

  it('requires a name and a whole-number order (docs/product-rules.md#admin-forms)', () => {
    expect(messagesOf(updateDiscoverEntryInput.safeParse({ id: 'a', name: ' ', order: 1, isVisibleRecord: visible }))).toEqual([
      'Name is required',
    ]);
    expect(
      messagesOf(updateDiscoverEntryInput.safeParse({ id: 'a', name: 'Mia', order: 1.5, isVisibleRecord: visible })),
    ).toEqual(['Order must be a whole number']);
    expect(
      messagesOf(updateDiscoverEntryInput.safeParse({ id: 'a', name: 'Mia', order: '2', isVisibleRecord: visible })),
    ).toEqual(['Order must be a whole number']);
    expect(updateDiscoverEntryInput.parse({ id: 'a', name: ' Mia ', order: -3, isVisibleRecord: visible }).name).toBe('Mia');
  });

  it('needs a yes or no for every surface', () => {
    const result = updateDiscoverEntryInput.safeParse({
      id: 'a',
      name: 'Mia',
      order: 1,
      isVisibleRecord: { discoverFeed: true },
    });
    expect(result.success).toBe(false);
  });
});
