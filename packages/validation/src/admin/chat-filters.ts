// The admin Chats list's flags, filters and sorts.
// No zod here (docs/architecture.md#performance): the pages that show these load no schemas.

/** The chat flags the list filters on, in the order of docs/product-rules.md#admin-back-office; set once, never cleared. */
export const adminChatFlags = [
  'hasUserInteraction',
  'hasUserInteractionWithNonAnonymousUser',
  'hasUserInteractionWithPaidCredits',
  'hasUserInteractionWithSubscription',
  'hasUserInteractionWithManager',
  // A fan message spoke of suicide or self-harm (docs/safety.md): the Safety filter.
  'needsSafetyReview',
] as const;
export type AdminChatFlag = (typeof adminChatFlags)[number];

/** A flag to filter on, or `all` (every chat, including opened ones nobody wrote in). */
export const adminChatFilters = [...adminChatFlags, 'all'] as const;
export type AdminChatFilter = (typeof adminChatFilters)[number];
/** docs/product-rules.md#admin-back-office: "default: logged-in". */
export const defaultAdminChatFilter: AdminChatFilter = 'hasUserInteractionWithNonAnonymousUser';

/** Every sort is descending: last created, last updated, most messages. */
export const adminChatSorts = ['createdAt', 'updatedAt', 'chatMessageCount'] as const;
export type AdminChatSort = (typeof adminChatSorts)[number];
export const defaultAdminChatSort: AdminChatSort = 'updatedAt';
