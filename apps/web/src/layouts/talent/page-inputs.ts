// The first reads of the creator's pages, shared by the pages and the entry's early calls
// (shell/dashboard-calls.ts), which must ask with the very same input to fill the page's query.
// Pure and tiny: the entry imports it before the app has loaded.

/** Conversations listed per page on /conversations. */
export const conversationsPageSize = 20;

/** Recent conversations on the dashboard home. */
export const homeRecentCount = 3;
