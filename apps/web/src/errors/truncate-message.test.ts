import { describe, expect, it } from 'vitest';
import { maxDisplayedErrorLength, truncateMessage } from './truncate-message.ts';

describe('truncateMessage', () => {
  it('keeps a message of up to 100 characters as it is', () => {
    const exact = 'a'.repeat(maxDisplayedErrorLength);
    expect(truncateMessage(exact)).toBe(exact);
    expect(truncateMessage('  Something failed  ')).toBe('Something failed');
  });

  it('cuts a longer message to 100 characters ending in an ellipsis', () => {
    const result = truncateMessage('b'.repeat(250));
    expect(Array.from(result)).toHaveLength(100);
    expect(result.endsWith('…')).toBe(true);
  });

  it('never splits an emoji', () => {
    const result = truncateMessage('😀'.repeat(120));
    expect(Array.from(result)).toHaveLength(100);
    expect(result).toBe(`${'😀'.repeat(99)}…`);
  });
});
