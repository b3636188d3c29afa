/**
 * The app runs framed on a creator's site (/embed/<tag>, docs/embed.md): its calls say so, payment
 * and sign-in pages open in tabs of their own (they refuse to be framed, and the frame's session is
 * partitioned to that site).
 */
export function isEmbedded(): boolean {
  return window.location.pathname.startsWith('/embed/');
}
