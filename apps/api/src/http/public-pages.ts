// Which shell a page request gets (page-shell.ts): `/`, `/sign-in` and `/chat/{tag}` for a twin
// that exists; anything else, or a lookup that fails, gets the plain index.html the app fills.
import type { Database } from '@doppel/db';
import { twinPreviewByTag } from '@doppel/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../env.ts';
import { chatShell, landingShell, type PageShell, signInShell } from './page-shell.ts';

export type PublicPages = (pathname: string) => Promise<PageShell | null>;

const chatPath = /^\/chat\/([^/]+)\/?$/;

export function publicPages(db: Database, env: Pick<Env, 'PUBLIC_URL'>, log: FastifyBaseLogger): PublicPages {
  return async (pathname) => {
    const publicUrl = env.PUBLIC_URL;
    if (pathname === '/') return landingShell(publicUrl);
    if (pathname === '/sign-in') return signInShell(publicUrl);
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
