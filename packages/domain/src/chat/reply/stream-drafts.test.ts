import type { ReplyDraft } from '@doppel/db';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { completeWords, createReplyDraftStream } from './stream-drafts.ts';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

function recorder() {
  const sent: ReplyDraft[] = [];
  return { sent, publish: async (draft: ReplyDraft) => void sent.push(draft) };
}
const ids = { chatId: 'chat', replyTo: 'message', stream: 'attempt' };

describe('completeWords', () => {
  it('holds back the word still being written', () => {
    expect(completeWords('Hi')).toBe('');
    expect(completeWords('Hi th')).toBe('Hi');
    expect(completeWords('Hi there ')).toBe('Hi there');
    expect(completeWords('Hi,\nthere you')).toBe('Hi,\nthere');
  });

  it('cuts where the regular expression /\\s+\\S*$/ does, Unicode spaces included', () => {
    const byRegex = (text: string) => {
      const end = text.search(/\s+\S*$/);
      return end === -1 ? '' : text.slice(0, end);
    };
    for (const text of ['', ' ', '   ', ' Hi', 'Hi  there', 'Hi there\t', 'a\u00a0b', 'été\u2003ça va', 'x\u3000', '👋 hey\r\n'])
      expect(completeWords(text), JSON.stringify(text)).toBe(byRegex(text));
  });
});

describe('createReplyDraftStream', () => {
  it('sends the first words at once, then at most one draft per interval with the latest text', async () => {
    const { sent, publish } = recorder();
    const stream = createReplyDraftStream({ ...ids, publish, intervalMs: 50 });
    stream.onText('Hi');
    stream.onText('Hi th');
    await vi.advanceTimersByTimeAsync(0);
    stream.onText('Hi there');
    stream.onText('Hi there you ');
    await vi.advanceTimersByTimeAsync(0);
    expect(sent.map((draft) => draft.text)).toEqual(['Hi']);
    await vi.advanceTimersByTimeAsync(50);
    expect(sent.map((draft) => [draft.seq, draft.text])).toEqual([
      [0, 'Hi'],
      [1, 'Hi there you'],
    ]);
    expect(sent[0]).toMatchObject(ids);
  });

  it('drops what is still due once closed', async () => {
    const { sent, publish } = recorder();
    const stream = createReplyDraftStream({ ...ids, publish, intervalMs: 50 });
    stream.onText('Hi ');
    await vi.advanceTimersByTimeAsync(0);
    stream.onText('Hi there ');
    stream.close();
    await vi.advanceTimersByTimeAsync(100);
    expect(sent.map((draft) => draft.text)).toEqual(['Hi']);
  });

  it('stops for good when the text may not be shown before the reply is checked', async () => {
    const { sent, publish } = recorder();
    const stream = createReplyDraftStream({ ...ids, publish, intervalMs: 0, mayShow: (text) => !text.includes('secret') });
    stream.onText('The ');
    await vi.advanceTimersByTimeAsync(0);
    stream.onText('The secr');
    stream.onText('The secret is out, anyway');
    await vi.advanceTimersByTimeAsync(100);
    expect(sent.map((draft) => draft.text)).toEqual(['The']);
  });

  it('never lets a failed publish reach the reply', async () => {
    const errors: unknown[] = [];
    const stream = createReplyDraftStream({
      ...ids,
      publish: () => Promise.reject(new Error('down')),
      onError: (error) => errors.push(error),
    });
    stream.onText('Hi ');
    await vi.advanceTimersByTimeAsync(0);
    expect(errors).toHaveLength(1);
  });
});
