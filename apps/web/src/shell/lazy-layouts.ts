import { type ComponentType, createElement, lazy, useState } from 'react';

// One chunk per layout (CONVENTIONS "Web"): a creator never downloads the admin screens, a visitor
// downloads neither. The file names (public-layout, admin-layout, ...) name the chunks.
//
// A layout whose chunk has arrived renders at once: React.lazy suspends on its first render even
// when the module is already there, which would commit a loading screen, wait for React's
// Suspense throttle and then commit the page a second time (two long tasks on a phone). The app
// awaits the route's layout before its first render (loadRouteLayout), so the page commits once.

type Layout<P> = { loaded: ComponentType<P> | null; Lazy: ComponentType<P>; load: () => Promise<void> };

function layout<P extends object>(load: () => Promise<ComponentType<P>>): Layout<P> {
  let loading: Promise<ComponentType<P>> | null = null;
  const once = () => {
    loading ??= load().then((component) => {
      entry.loaded = component;
      return component;
    });
    return loading;
  };
  const entry: Layout<P> = {
    loaded: null,
    Lazy: lazy(() => once().then((component) => ({ default: component }))) as ComponentType<P>,
    load: () => once().then(() => undefined),
  };
  return entry;
}

/** The loaded layout, or the lazy one while its chunk is on the way. */
function LayoutOf<P extends object>({ layout, props }: { layout: Layout<P>; props: P }) {
  // Chosen once per mount: switching from the lazy one to the loaded one would remount the page.
  const [type] = useState(() => layout.loaded ?? layout.Lazy);
  return createElement(type, props);
}

const publicLayout = layout(() => import('../layouts/public/public-layout.tsx').then((m) => m.PublicLayout));
const fanChatLayout = layout(() => import('../layouts/fan/fan-chat-layout.tsx').then((m) => m.FanChatLayout));

export const PublicLayout = () => createElement(LayoutOf, { layout: publicLayout, props: {} });
export const FanChatLayout = () => createElement(LayoutOf, { layout: fanChatLayout, props: {} });
export const WaitlistLayout = lazy(() =>
  import('../layouts/waitlist/waitlist-layout.tsx').then((m) => ({ default: m.WaitlistLayout })),
);
export const OnboardingLayout = lazy(() =>
  import('../layouts/onboarding/onboarding-layout.tsx').then((m) => ({ default: m.OnboardingLayout })),
);
export const TalentLayout = lazy(() => import('../layouts/talent/talent-layout.tsx').then((m) => ({ default: m.TalentLayout })));
export const AdminLayout = lazy(() => import('../layouts/admin/admin-layout.tsx').then((m) => ({ default: m.AdminLayout })));
export const DevOutboxLayout = lazy(() =>
  import('../layouts/dev/dev-outbox-layout.tsx').then((m) => ({ default: m.DevOutboxLayout })),
);
export const LegalLayout = lazy(() => import('../layouts/legal/legal-layout.tsx').then((m) => ({ default: m.LegalLayout })));
export const CheckoutLayout = lazy(() =>
  import('../layouts/checkout/checkout-layout.tsx').then((m) => ({ default: m.CheckoutLayout })),
);
export const DiscoverLayout = lazy(() =>
  import('../layouts/discover/discover-layout.tsx').then((m) => ({ default: m.DiscoverLayout })),
);

/**
 * Loads the layout of a public route before the app's first render (the entry fetched its chunk
 * already, shell/boot.ts). Which layout a signed-in user gets is only known later; the public one
 * is the likely guess at `/` and `/sign-in`, and a wrong guess costs nothing but this wait.
 */
export function loadRouteLayout(pathname: string): Promise<void> {
  if (/^\/chat\/[^/]+\/?$/.test(pathname)) return fanChatLayout.load();
  if (pathname === '/' || pathname === '/sign-in') return publicLayout.load();
  return Promise.resolve();
}
