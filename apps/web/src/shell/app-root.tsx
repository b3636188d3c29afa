import { Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { LoadingPanel } from '../components/loading-panel.tsx';
import { ChatReturnAfterSignIn } from '../layouts/fan/chat-return-redirect.tsx';
import { VersionBanner } from '../version/version-banner.tsx';
import { AccessGate } from './access-gate.tsx';
import {
  CheckoutLayout,
  DevOutboxLayout,
  DiscoverLayout,
  EmbedSignInLayout,
  FanChatLayout,
  LegalLayout,
  ReportLayout,
  TelegramLinkLayout,
} from './lazy-layouts.ts';
import { usePageShellGuard } from './page-shell.ts';
import { ReferralRedirect } from './referral-redirect.tsx';
import { SignInLinkHandler } from './sign-in-link-handler.tsx';

/**
 * The app shell: the version gate, magic-link completion and the fan's way back to a chat after signing
 * in run on every page; the development outbox, the legal pages, referral links, the discover feed,
 * the Report a twin form, the fan messenger and the sandbox checkout page sit outside the access flow; everything else goes through it.
 */
export function AppRoot() {
  usePageShellGuard(useLocation().pathname);
  return (
    <>
      <VersionBanner />
      <SignInLinkHandler />
      <ChatReturnAfterSignIn />
      <Routes>
        <Route
          path="/dev/outbox"
          element={
            <Suspense fallback={<LoadingPanel fullScreen />}>
              <DevOutboxLayout />
            </Suspense>
          }
        />
        {(['terms', 'privacy', 'cookies', 'safety'] as const).map((page) => (
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
        {/* The fan messenger: signed in or out (anonymous fans), outside the creator access flow. */}
        <Route
          path="/chat/:talentTag"
          element={
            <Suspense fallback={<LoadingPanel fullScreen />}>
              <FanChatLayout />
            </Suspense>
          }
        />
        {/* The same messenger framed on the creator's own site (docs/embed.md). */}
        <Route
          path="/embed/:talentTag"
          element={
            <Suspense fallback={<LoadingPanel fullScreen />}>
              <FanChatLayout />
            </Suspense>
          }
        />
        {/* The sandbox payment page (no payment provider configured): the fan's own checkout, signed in. */}
        <Route
          path="/checkout/sandbox/:checkoutId"
          element={
            <Suspense fallback={<LoadingPanel fullScreen />}>
              <CheckoutLayout />
            </Suspense>
          }
        />
        {/* The public discover feed: signed in or out. */}
        <Route
          path="/discover"
          element={
            <Suspense fallback={<LoadingPanel fullScreen />}>
              <DiscoverLayout />
            </Suspense>
          }
        />
        {/* The public Report a twin form (docs/safety.md): signed in or out. */}
        <Route
          path="/report"
          element={
            <Suspense fallback={<LoadingPanel fullScreen />}>
              <ReportLayout />
            </Suspense>
          }
        />
        {/* A Telegram fan's one-time link into their account (docs/telegram.md): signed in. */}
        <Route
          path="/telegram/link"
          element={
            <Suspense fallback={<LoadingPanel fullScreen />}>
              <TelegramLinkLayout />
            </Suspense>
          }
        />
        {/* Signing in from the chat framed on a creator's site (docs/embed.md): confirmed signed in. */}
        <Route
          path="/embed-sign-in/:token"
          element={
            <Suspense fallback={<LoadingPanel fullScreen />}>
              <EmbedSignInLayout />
            </Suspense>
          }
        />
        <Route path="/r/:referralTalentTag" element={<ReferralRedirect />} />
        <Route path="*" element={<AccessGate />} />
      </Routes>
    </>
  );
}
