import { Suspense } from 'react';
import { Route, Routes } from 'react-router-dom';
import { LoadingPanel } from '../components/loading-panel.tsx';
import { VersionBanner } from '../version/version-banner.tsx';
import { AccessGate } from './access-gate.tsx';
import { DevOutboxLayout, LegalLayout } from './lazy-layouts.ts';
import { ReferralRedirect } from './referral-redirect.tsx';
import { SignInLinkHandler } from './sign-in-link-handler.tsx';

/**
 * The app shell: the version gate and magic-link completion run on every page; the development outbox,
 * the legal pages and referral links work signed in or out; everything else goes through the access flow.
 */
export function AppRoot() {
  return (
    <>
      <VersionBanner />
      <SignInLinkHandler />
      <Routes>
        <Route
          path="/dev/outbox"
          element={
            <Suspense fallback={<LoadingPanel fullScreen />}>
              <DevOutboxLayout />
            </Suspense>
          }
        />
        {(['terms', 'privacy', 'cookies'] as const).map((page) => (
          <Route
            key={page}
            path={`/${page}`}
            element={
              <Suspense fallback={<LoadingPanel fullScreen />}>
                <LegalLayout page={page} />
              </Suspense>
            }
          />
        ))}
        <Route path="/r/:referralTalentTag" element={<ReferralRedirect />} />
        <Route path="*" element={<AccessGate />} />
      </Routes>
    </>
  );
}
