import { describe, expect, it } from 'vitest';
import { splitFieldErrors } from './server-errors.ts';

describe('splitFieldErrors', () => {
  it('puts known fields on the form and keeps the first other message', () => {
    expect(
      splitFieldErrors({ tag: ['This handle is already taken', 'x'], id: ['Talent ID is not defined'], other: ['y'] }, ['tag']),
    ).toEqual({ onFields: { tag: 'This handle is already taken' }, other: 'Talent ID is not defined' });
  });

  it('has nothing to show without field errors', () => {
    expect(splitFieldErrors(null, ['tag'])).toEqual({ onFields: {}, other: null });
    expect(splitFieldErrors({ tag: [] }, ['tag'])).toEqual({ onFields: {}, other: null });
  });
});
