import { lazy } from 'react';
import type { DashboardLayout } from './dashboard-calls.ts';
import { preloadable } from './preloadable.ts';

// One chunk per layout (CONVENTIONS "Web"): a creator never downloads the admin screens, a visitor
// downloads neither. The file names (public-layout, admin-layout, ...) name the chunks.
//
// The layouts a page opens with are preloadable (preloadable.ts): the app awaits the route's layout
// (and, signed in, the page's own chunk) before its first render (loadRouteLayout), so the page
// commits once, without a loading screen in between.

const publicLayout = preloadable(() => import('../layouts/public/public-layout.tsx').then((m) => m.PublicLayout));
const fanChatLayout = preloadable(() => import('../layouts/fan/fan-chat-layout.tsx').then((m) => m.FanChatLayout));
const talentLayout = preloadable(() => import('../layouts/talent/talent-layout.tsx').then((m) => m.TalentLayout));
const adminLayout = preloadable(() => import('../layouts/admin/admin-layout.tsx').then((m) => m.AdminLayout));

export const PublicLayout = publicLayout.Component;
export const FanChatLayout = fanChatLayout.Component;
export const TalentLayout = talentLayout.Component;
export const AdminLayout = adminLayout.Component;
export const WaitlistLayout = lazy(() =>
  import('../layouts/waitlist/waitlist-layout.tsx').then((m) => ({ default: m.WaitlistLayout })),
);
export const OnboardingLayout = lazy(() =>
  import('../layouts/onboarding/onboarding-layout.tsx').then((m) => ({ default: m.OnboardingLayout })),
);
export const DevOutboxLayout = lazy(() =>
  import('../layouts/dev/dev-outbox-layout.tsx').then((m) => ({ default: m.DevOutboxLayout })),
);
export const LegalLayout = lazy(() => import('../layouts/legal/legal-layout.tsx').then((m) => ({ default: m.LegalLayout })));
export const CheckoutLayout = lazy(() =>
  import('../layouts/checkout/checkout-layout.tsx').then((m) => ({ default: m.CheckoutLayout })),
);
export const ReportLayout = lazy(() => import('../layouts/report/report-layout.tsx').then((m) => ({ default: m.ReportLayout })));
export const TelegramLinkLayout = lazy(() =>
  import('../layouts/telegram/telegram-link-layout.tsx').then((m) => ({ default: m.TelegramLinkLayout })),
);
export const EmbedSignInLayout = lazy(() =>
  import('../layouts/embed/embed-sign-in-layout.tsx').then((m) => ({ default: m.EmbedSignInLayout })),
);
export const DiscoverLayout = lazy(() =>
  import('../layouts/discover/discover-layout.tsx').then((m) => ({ default: m.DiscoverLayout })),
);

/** The public layout, and at /sign-in the sign-in page's own chunk. */
async function loadPublicPage(pathname: string): Promise<void> {
  await publicLayout.load();
  if (pathname === '/sign-in') await import('../layouts/public/public-layout.tsx').then((m) => m.loadSignInPage());
}

/**
 * Loads the layout the address opens with before the app's first render (the entry starts it as
 * the last stage of its load, shell/boot.ts). `dashboard` is the creator's or admin's layout the
 * entry's early `auth.me` points to (dashboard-calls.ts): then that layout and the page's own chunk.
 * Otherwise the public layout is the likely guess at `/` and `/sign-in`; a wrong guess costs
 * nothing but this wait.
 */
export async function loadRouteLayout(pathname: string, dashboard: Promise<DashboardLayout | null>): Promise<void> {
  if (/^\/chat\/[^/]+\/?$/.test(pathname)) return fanChatLayout.load();
  const isPublicPath = pathname === '/' || pathname === '/sign-in';
  // The server's first paint of a public page is there only for visitors (apps/api page-shell.ts);
  // a signed-in creator's `/` gets the dashboard's (class ps-dashboard).
  const shell = document.getElementById('page-shell');
  if (isPublicPath && shell && !shell.classList.contains('ps-dashboard')) return loadPublicPage(pathname);
  const layout = await dashboard;
  if (layout === 'talent') {
    const pages = import('../layouts/talent/talent-pages.tsx').then((m) => m.loadTalentPage(pathname));
    await Promise.all([talentLayout.load(), pages]);
  } else if (layout === 'admin') {
    const sections = import('../layouts/admin/sections.tsx').then((m) => m.loadAdminSection(pathname));
    await Promise.all([adminLayout.load(), sections]);
  } else if (isPublicPath) {
    await loadPublicPage(pathname);
  }
}
