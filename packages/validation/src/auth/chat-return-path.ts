// Where a sign-in link may lead back to.
// No zod here (docs/architecture.md#performance): the pages that show these load no schemas.

/**
 * Where a sign-in link takes a fan back: only a messenger path of this site (`/chat/{tag}`), or the
 * page that signs in a chat framed on a creator's site (`/embed-sign-in/{token}`, docs/embed.md), so
 * a link can never send anyone elsewhere. It travels in the emailed link, because a mail app opens
 * the link in a new tab that knows nothing of the page the fan came from.
 */
export const chatReturnPathPattern = /^(?:\/chat\/(?!\.+$)[A-Za-z0-9_.~-]{1,100}|\/embed-sign-in\/[A-Za-z0-9_-]{16,100})$/;
