// The admin back-office Reactions section: the rated messages, and one of them in its chat.
export { getAdminReaction } from './get-reaction.ts';
export { type ListAdminReactionsInput, listAdminReactions } from './list-reactions.ts';
