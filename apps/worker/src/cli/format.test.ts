import { describe, expect, it } from 'vitest';
import { formatTable, formatTime, truncate } from './format.ts';

describe('CLI formatting', () => {
  it('aligns text left and numbers right under their headers', () => {
    const table = formatTable(
      ['QUEUE', 'QUEUED'],
      [
        ['session.cleanup', 3],
        ['system.ping', 120],
      ],
    );
    expect(table.split('\n')).toEqual(['QUEUE            QUEUED', 'session.cleanup       3', 'system.ping         120']);
  });

  it('truncates long cells and prints times in UTC', () => {
    expect(truncate('abcdef', 4)).toBe('abc…');
    expect(truncate('abc', 4)).toBe('abc');
    expect(formatTime(new Date('2030-01-02T03:04:05.678Z'))).toBe('2030-01-02 03:04:05');
    expect(formatTime(null)).toBe('-');
  });
});
