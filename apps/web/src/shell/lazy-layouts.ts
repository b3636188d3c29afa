import { lazy } from 'react';

// One chunk per layout (CONVENTIONS "Web"): a creator never downloads the admin screens, a visitor
// downloads neither. The file names (public-layout, admin-layout, ...) name the chunks.
export const PublicLayout = lazy(() => import('../layouts/public/public-layout.tsx').then((m) => ({ default: m.PublicLayout })));
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
export const FanChatLayout = lazy(() => import('../layouts/fan/fan-chat-layout.tsx').then((m) => ({ default: m.FanChatLayout })));
export const CheckoutLayout = lazy(() =>
  import('../layouts/checkout/checkout-layout.tsx').then((m) => ({ default: m.CheckoutLayout })),
);
export const DiscoverLayout = lazy(() =>
  import('../layouts/discover/discover-layout.tsx').then((m) => ({ default: m.DiscoverLayout })),
);
