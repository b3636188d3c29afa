import { describe, expect, it } from 'vitest';
import { heldReplyNotification } from './held-reply-notification.ts';

describe('heldReplyNotification', () => {
  const fan = { id: 'fan-1', name: 'Sam', isAnonymous: false };

  it('names the twin and the fan, and opens the inbox of replies to approve', () => {
    expect(heldReplyNotification({ talentId: 't1', twinName: 'Mia', fan })).toEqual({
      title: 'Mia',
      body: 'A reply to Sam is waiting for your approval',
      url: '/drafts',
      tag: 'held-replies:t1',
    });
  });

  it('shares one tag per twin, so a twin’s held replies collapse into one notification, and never another twin’s', () => {
    const first = heldReplyNotification({ talentId: 't1', twinName: 'Mia', fan });
    const second = heldReplyNotification({ talentId: 't1', twinName: 'Mia', fan: { ...fan, id: 'fan-2', name: 'Alex' } });
    const otherTwin = heldReplyNotification({ talentId: 't2', twinName: 'Leo', fan });
    expect(second.tag).toBe(first.tag);
    expect(otherTwin.tag).not.toBe(first.tag);
  });

  it('falls back to a generic title for a twin without a name', () => {
    expect(heldReplyNotification({ talentId: 't1', twinName: ' ', fan }).title).toBe('Your twin');
  });
});
