import { nextTaskValues } from '@doppel/validation';
import { describe, expect, it } from 'vitest';
import { nextTaskDetails, progressPercent } from './next-task.ts';

describe('nextTaskDetails', () => {
  it('links every open task to its settings page and the finished ladder nowhere', () => {
    expect(nextTaskValues.map((task) => nextTaskDetails[task].path)).toEqual([
      '/settings/gallery',
      '/settings/voice',
      '/settings/conversation-starters',
      null,
    ]);
  });
});

describe('progressPercent', () => {
  it('fills the ring by the tasks done', () => {
    expect(progressPercent(0, 3)).toBe(0);
    expect(progressPercent(1, 3)).toBe(33);
    expect(progressPercent(3, 3)).toBe(100);
    expect(progressPercent(5, 3)).toBe(100);
    expect(progressPercent(0, 0)).toBe(100);
  });
});
