// The first reads of the creator's and the admin's pages, asked for by the entry (early-calls.ts)
// beside the app's download, as `chat.open` is for the messenger (issue 33): the app puts the
// answers in its query cache before its first render, so the page paints with its content once,
// instead of a loader, then a second download, then the content.
// Pure and tiny (no React, no validation library): the entry imports it.
import type { Me } from '@doppel/validation';
import { isAdminAddress } from '../access/admin-paths.ts';
import { decideAccess } from '../access/decide-access.ts';
import { conversationsPageSize, homeRecentCount } from '../layouts/talent/page-inputs.ts';
import { storageKeys } from '../storage/storage-keys.ts';

/** The signed-in layouts whose pages the entry prepares. */
export type DashboardLayout = 'talent' | 'admin';

/** A read the page makes first: a query, or the first page of an infinite list. */
export type DashboardCall = { path: string; input: unknown; infinite: boolean };

function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/**
 * The layout the access gate (shell/access-gate.tsx) will show this user at this address, when it
 * is the creator's or the admin's; null for any other (or when a draft check would decide it).
 */
export function dashboardLayoutOf(me: Me | null, pathname: string): DashboardLayout | null {
  if (!me) return null;
  const isAdminSwitchOn = readStored(storageKeys.adminSwitch) === 'true' || (me.role === 'ADMIN' && isAdminAddress(pathname));
  const layout = decideAccess({ me, referralTalentTag: readStored(storageKeys.referralTalentTag), isAdminSwitchOn });
  return layout === 'talent' || layout === 'admin' ? layout : null;
}

const trimmed = (pathname: string) => pathname.replace(/(.)\/$/, '$1');

/**
 * The reads the page at this address makes before it can show anything, with the inputs it makes
 * them with. Only the address without a query string: a filtered list reads with other inputs, and
 * its page then asks for itself.
 */
export function dashboardCallsFor(
  layout: DashboardLayout,
  me: Me,
  location: Pick<Location, 'pathname' | 'search'>,
): DashboardCall[] {
  if (location.search !== '' && location.search !== '?') return [];
  const path = trimmed(location.pathname);
  if (layout === 'admin') {
    if (path === '/status') return [{ path: 'admin.status.get', input: undefined, infinite: false }];
    if (path === '/payments')
      return [{ path: 'admin.payments.list', input: { showSandbox: false, priceType: 'all' }, infinite: true }];
    return [];
  }
  const talentId = me.managedTalentIds[0];
  if (!talentId) return [];
  // The held-replies count of the navigation, on every page of the dashboard.
  const calls: DashboardCall[] = [{ path: 'talent.corrections.summary', input: { talentId }, infinite: false }];
  if (path === '/') {
    calls.push(
      { path: 'talent.dashboard.home', input: { talentId }, infinite: false },
      { path: 'talent.get', input: { talentId }, infinite: false },
      { path: 'talent.conversations.list', input: { talentId, limit: homeRecentCount }, infinite: false },
      { path: 'talent.knowledgeGaps.list', input: { talentId }, infinite: false },
    );
  } else if (path === '/conversations') {
    calls.push({
      path: 'talent.conversations.list',
      input: { talentId, filter: 'all', limit: conversationsPageSize },
      infinite: true,
    });
  } else if (path === '/earnings') {
    calls.push(
      { path: 'talent.earnings.overview', input: { talentId }, infinite: false },
      { path: 'talent.earnings.payouts', input: { talentId }, infinite: true },
    );
  }
  return calls;
}
