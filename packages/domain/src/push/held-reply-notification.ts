// What the creator's device shows when the twin's reply waits for their approval (approval mode,
// docs/creator-dashboard.md): pure, so the words and the tag are tested without a push service.
import { fanDisplayName } from '@doppel/validation';
import type { PushNotification } from './send-to-subscriptions.ts';

/** Where a click takes the creator: the inbox of replies to approve. */
export const heldReplyUrl = '/drafts';

/**
 * The notification of one held reply. Its tag is the twin's, so a creator's device shows one
 * notification per twin however many replies wait (the newest replaces the last), and a retried
 * job replaces its first copy instead of adding a second.
 */
export function heldReplyNotification(input: {
  talentId: string;
  twinName: string;
  fan: { id: string; name: string; isAnonymous: boolean };
}): PushNotification {
  return {
    title: input.twinName.trim() || 'Your twin',
    body: `A reply to ${fanDisplayName(input.fan)} is waiting for your approval`,
    url: heldReplyUrl,
    tag: `held-replies:${input.talentId}`,
  };
}
