// Which shell a page request gets (page-shell.ts): `/` for visitors who will see the landing page,
// `/sign-in` and `/chat/{tag}` for a twin that exists; anything else, or a lookup that fails, gets
// the plain index.html the app fills.
import type { Database } from '@doppel/db';
import { twinPreviewByTag, validateSessionWithUser } from '@doppel/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../env.ts';
import { configuredProviders, type ProviderSettings } from './oauth-providers.ts';
import { chatShell, landingShell, type PageShell, signInShell } from './page-shell.ts';

/** `sessionToken`: the request's session cookie, if any. */
export type PublicPages = (pathname: string, sessionToken?: string) => Promise<PageShell | null>;

const chatPath = /^\/chat\/([^/]+)\/?$/;

export function publicPages(db: Database, env: Pick<Env, 'PUBLIC_URL'> & ProviderSettings, log: FastifyBaseLogger): PublicPages {
  // `/` is the landing page only for visitors and anonymous fans; a signed-in creator, admin or
  // waitlisted user gets their own page there, which the landing page's paint would cover (issue 26).
  const seesLanding = async (sessionToken: string | undefined): Promise<boolean> => {
    if (!sessionToken) return true;
    try {
      const signedIn = await validateSessionWithUser(db, sessionToken);
      return !signedIn || signedIn.user.isAnonymous;
    } catch (error) {
      log.warn({ err: error }, 'could not read the session for the landing page; sending the plain page');
      return false;
    }
  };
  return async (pathname, sessionToken) => {
    const publicUrl = env.PUBLIC_URL;
    if (pathname === '/') return (await seesLanding(sessionToken)) ? landingShell(publicUrl) : null;
    if (pathname === '/sign-in') return signInShell(publicUrl, configuredProviders(env));
    const tag = chatPath.exec(pathname)?.[1];
    if (!tag) return null;
    let decoded: string;
    try {
      decoded = decodeURIComponent(tag);
    } catch {
      return null;
    }
    // The app shows "not found" itself; a tag no twin has is not worth a query past this shape.
    if (decoded.length > 64 || decoded.includes('\u0000')) return null;
    try {
      const twin = await twinPreviewByTag(db, decoded);
      return twin ? chatShell(publicUrl, twin) : null;
    } catch (error) {
      // The page still works without its first paint: the app opens the chat itself.
      log.warn({ err: error, tag: decoded }, 'could not read the twin for the chat page; sending the plain page');
      return null;
    }
  };
}
