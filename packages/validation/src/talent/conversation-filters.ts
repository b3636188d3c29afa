// The creator's Conversations list: its filters, search length and message limits, and how a fan is named.
// No zod here (docs/architecture.md#performance): the pages that show these load no schemas.

/** One fan's chat: follow the twin's approval setting, or always / never hold this fan's replies. */
export const chatReplyApprovalModes = ['TWIN', 'ALWAYS', 'NEVER'] as const;
export type ChatReplyApprovalMode = (typeof chatReplyApprovalModes)[number];

/** The list's filters: every chat, paying fans, subscribers, a boundary flag, a thumbs down, replies held for approval. */
export const conversationFilters = ['all', 'paying', 'subscribers', 'flagged', 'thumbsDown', 'held'] as const;
export type ConversationFilter = (typeof conversationFilters)[number];

export const conversationSearchMaxLength = 100;

/** How many of the newest messages a chat view carries at first; "Show older messages" adds as many again. */
export const conversationMessageLimit = 300;
/** The most messages one chat view carries. */
export const conversationMessageLimitMax = 10_000;

/**
 * A fan as the creator sees them (dashboard, notifications): their display name, else "Anonymous
 * fan" or "Fan" with a short id, so two nameless fans stay apart. Never their email.
 */
export function fanDisplayName(fan: { id: string; name: string; isAnonymous: boolean }): string {
  const name = fan.name.trim();
  if (name) return name;
  return `${fan.isAnonymous ? 'Anonymous fan' : 'Fan'} #${fan.id.slice(0, 6)}`;
}
