/**
 * The most calls one HTTP request may batch. The API refuses a larger batch before running any of
 * its calls, and the web client's batch link splits at the same size. Small, so that one request
 * cannot fan out into dozens of costly calls; a screen asks for a handful of things at once.
 */
export const maxCallsPerBatch = 10;

/**
 * Calls the web client sends each in a request of its own: the API refuses them inside a batch
 * (apps/api/src/trpc/alone-in-request.ts), so each is counted against its limits one by one.
 */
export const unbatchedCallPaths: readonly string[] = ['auth.requestSignInLink'];
