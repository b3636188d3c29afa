import type { ChatReplyApprovalMode } from '@doppel/validation';

/** Whether a fan's replies wait for the creator: the fan's chat decides, unless it follows the twin. */
export function holdsReplies(chatMode: ChatReplyApprovalMode, twinHoldsReplies: boolean): boolean {
  if (chatMode === 'ALWAYS') return true;
  if (chatMode === 'NEVER') return false;
  return twinHoldsReplies;
}
