// The messenger's lengths and page size.
// No zod here (docs/architecture.md#performance): the pages that show these load no schemas.

/** Longest fan message, in characters. */
export const chatMessageMaxLength = 2000;
/** Longest reaction feedback, in characters. */
export const chatReactionFeedbackMaxLength = 500;
/** Messages per page of `chat.messages`. */
export const chatMessagesPageSize = 50;
