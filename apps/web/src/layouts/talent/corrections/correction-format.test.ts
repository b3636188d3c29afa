import type { CorrectionsListOutput, CorrectionView } from '@doppel/validation';
import { describe, expect, it } from 'vitest';
import { correctionSourceLabel, trainingStatus, withoutCorrection } from './correction-format.ts';

const correction = (id: string): CorrectionView => ({
  id,
  source: 'REWRITE',
  fanText: 'What are you up to?',
  answerText: 'Recording a song!',
  chatId: 'chat-1',
  replyMessageId: `reply-${id}`,
  updatedAt: '2026-03-10T14:30:00.000Z',
  waiting: true,
});

describe('correction labels', () => {
  it('names where the answer came from', () => {
    expect(correctionSourceLabel('DRAFT_EDIT')).toBe('Edited reply');
    expect(correctionSourceLabel('REWRITE')).toBe('Rewritten reply');
  });

  it('says whether the twin has trained on it yet', () => {
    expect(trainingStatus(true).label).toBe('Waiting for training');
    expect(trainingStatus(false).label).toBe('Trained');
    expect(trainingStatus(true).color).not.toBe(trainingStatus(false).color);
  });
});

describe('withoutCorrection', () => {
  const pages: CorrectionsListOutput[] = [
    { items: [correction('a'), correction('b')], nextCursor: 'cursor-1' },
    { items: [correction('c')], nextCursor: null },
  ];

  it('drops the taken-back correction from whichever page holds it, keeping the cursors', () => {
    const left = withoutCorrection(pages, 'b');
    expect(left.map((page) => page.items.map((item) => item.id))).toEqual([['a'], ['c']]);
    expect(left.map((page) => page.nextCursor)).toEqual(['cursor-1', null]);
  });

  it('leaves the pages as they were when the correction is not loaded', () => {
    expect(withoutCorrection(pages, 'missing')).toBe(pages);
  });
});
