// Which shell a page request gets (page-shell.ts): `/` for visitors who will see the landing page,
// `/sign-in` and `/chat/{tag}` for a twin that exists, and the creator's and admin's first pages
// for the signed-in user who will see them (issue 33); anything else, or a lookup that fails, gets
// the plain index.html the app fills.
import type { Database } from '@doppel/db';
import { validateSessionWithUser } from '@doppel/domain/auth';
import { twinPreviewByTag, twinShareOf } from '@doppel/domain/chat';
import { chatReturnPathPattern, disbursableNote, type Me } from '@doppel/validation';
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from '../env.ts';
import { configuredProviders, type ProviderSettings } from './oauth-providers.ts';
import { chatShell, type DashboardPage, dashboardShell, landingShell, type PageShell, signInShell } from './page-shell.ts';

/** `address`: the page's path and query; `sessionToken`: the request's session cookie, if any. */
export type PublicPages = (address: Pick<URL, 'pathname' | 'searchParams'>, sessionToken?: string) => Promise<PageShell | null>;

const chatPath = /^\/chat\/([^/]+)\/?$/;

// The pages a creator and an admin open most, titled as the app titles them: the creator's
// (layouts/talent) for a user who manages a twin and is no admin (an admin's `/` depends on the
// admin switch, which only the browser knows), the back-office's (layouts/admin) for an admin.
const creatorPages: Record<string, DashboardPage> = {
  '/': { path: '/', title: 'Your dashboard', look: 'creator' },
  '/conversations': {
    path: '/conversations',
    title: 'Conversations',
    description: 'Your twin’s chats with fans, newest first. Open one to read it, take it over or correct a reply.',
    look: 'creator',
  },
  '/earnings': {
    path: '/earnings',
    title: 'Earnings',
    description: 'What your twin has earned, month by month, and your payouts.',
    look: 'creator',
    card: { label: 'Disbursable', note: disbursableNote },
  },
};
const adminPages: Record<string, DashboardPage> = {
  '/status': {
    path: '/status',
    title: 'Status',
    description: 'Health of every model in use, checked every five minutes. A model that fails shows a red cross and the reason.',
    look: 'admin',
  },
  '/payments': {
    path: '/payments',
    title: 'Payments',
    description: 'Credit purchases and subscriptions, newest first.',
    look: 'admin',
  },
};

export function publicPages(db: Database, env: Pick<Env, 'PUBLIC_URL'> & ProviderSettings, log: FastifyBaseLogger): PublicPages {
  // `/` is the landing page only for visitors and anonymous fans; a signed-in creator, admin or
  // waitlisted user gets their own page there, which the landing page's paint would cover (issue 26).
  // undefined: nobody signed in; null: the session could not be read (then no first paint at all).
  const signedInUser = async (sessionToken: string | undefined): Promise<Me | undefined | null> => {
    if (!sessionToken) return undefined;
    try {
      const signedIn = await validateSessionWithUser(db, sessionToken);
      return signedIn && !signedIn.user.isAnonymous ? signedIn.user : undefined;
    } catch (error) {
      log.warn({ err: error }, 'could not read the session for the page; sending the plain page');
      return null;
    }
  };
  const dashboardPage = (user: Me, path: string): DashboardPage | undefined => {
    if (user.role === 'ADMIN') return adminPages[path];
    return user.managedTalentIds.length > 0 ? creatorPages[path] : undefined;
  };
  return async ({ pathname, searchParams }, sessionToken) => {
    const publicUrl = env.PUBLIC_URL;
    const path = pathname.replace(/(.)\/$/, '$1');
    if (Object.hasOwn(creatorPages, path) || Object.hasOwn(adminPages, path)) {
      const user = await signedInUser(sessionToken);
      if (user === null) return null;
      if (!user) return path === '/' ? landingShell(publicUrl) : null;
      const page = dashboardPage(user, path);
      if (!page) return null;
      const talentId = user.managedTalentIds[0];
      if (page.look !== 'creator' || page.path !== '/' || !talentId) return dashboardShell(publicUrl, page);
      // The home paints its share card, with the twin's name and link, at once.
      const share = await twinShareOf(db, talentId, publicUrl).catch((error: unknown) => {
        log.warn({ err: error }, "could not read the twin's share link for the first paint");
        return null;
      });
      return dashboardShell(publicUrl, share ? { ...page, share } : page);
    }
    if (pathname === '/sign-in') {
      const fromChat = chatReturnPathPattern.test(searchParams.get('next') ?? '');
      return signInShell(publicUrl, configuredProviders(env), fromChat);
    }
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
