// Where the sandbox page sends the fan afterwards: the checkout's return path (a path inside the
// app, checked by the server) with the checkout and its outcome, as Stripe's success and cancel URLs do.

/** `/chat/mia` -> `/chat/mia?checkout=<id>&outcome=success`, keeping any query the path had. */
export function checkoutReturnPath(returnPath: string, checkoutId: string, outcome: 'success' | 'cancel'): string {
  // Resolved against a throwaway origin only to edit the query; the answer stays a path.
  const url = new URL(returnPath, 'https://app.invalid');
  url.searchParams.set('checkout', checkoutId);
  url.searchParams.set('outcome', outcome);
  return `${url.pathname}${url.search}${url.hash}`;
}
