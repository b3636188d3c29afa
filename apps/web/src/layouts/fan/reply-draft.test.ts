import { describe, expect, it } from 'vitest';
import { nextReplyDraft, visibleReplyDraft } from './reply-draft.ts';

const draft = (stream: string, seq: number, text: string, replyTo = 'm1') => ({ replyTo, stream, seq, text });

describe('nextReplyDraft', () => {
  it('keeps the latest of a stream and drops one arriving late', () => {
    expect(nextReplyDraft(draft('a', 0, 'Hi'), draft('a', 1, 'Hi you'))).toEqual(draft('a', 1, 'Hi you'));
    expect(nextReplyDraft(draft('a', 2, 'Hi you there'), draft('a', 1, 'Hi you'))).toEqual(draft('a', 2, 'Hi you there'));
  });
  it('lets a retried job’s new stream replace the dead one from seq 0', () => {
    expect(nextReplyDraft(draft('a', 5, 'Half a rep'), draft('b', 0, 'Fresh'))).toEqual(draft('b', 0, 'Fresh'));
  });
});

describe('visibleReplyDraft', () => {
  it('shows the draft only while its fan message is the newest', () => {
    const shown = draft('a', 0, 'Hi');
    expect(visibleReplyDraft(shown, { id: 'm1', senderType: 'USER' })).toBe(shown);
    expect(visibleReplyDraft(shown, { id: 'r1', senderType: 'TALENT' }), 'the stored reply replaced it').toBeNull();
    expect(visibleReplyDraft(shown, { id: 'm2', senderType: 'USER' }), 'a draft for an older message').toBeNull();
    expect(visibleReplyDraft(draft('a', 0, ' '), { id: 'm1', senderType: 'USER' })).toBeNull();
  });
});
