import { describe, expect, it } from 'vitest';
import { renameErrorPaths } from './form-errors.ts';

describe('renameErrorPaths', () => {
  it('moves the schema list name onto the form list name, items and list alike', () => {
    expect(
      renameErrorPaths(
        { 'chatMessageSuggestions.1.text': 'Required', chatMessageSuggestions: 'Add at most 3', other: 'x', skipped: null },
        'chatMessageSuggestions',
        'starters',
      ),
    ).toEqual({ 'starters.1.text': 'Required', starters: 'Add at most 3', other: 'x' });
  });
});
