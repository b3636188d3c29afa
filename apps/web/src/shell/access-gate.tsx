import type { Me } from '@doppel/validation';
import { memo, Suspense, useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { isAdminAddress } from '../access/admin-paths.ts';
import { decideAccess } from '../access/decide-access.ts';
import { ErrorPanel } from '../components/error-panel.tsx';
import { LoadingPanel } from '../components/loading-panel.tsx';
import { describeError } from '../errors/describe-error.ts';
import { storageKeys, useStoredValue, writeStored } from '../storage/stored-value.ts';
import { trpc } from '../trpc/trpc.ts';
import { DashboardSkeleton } from './dashboard-skeleton.tsx';
import { AdminLayout, OnboardingLayout, PublicLayout, TalentLayout, WaitlistLayout } from './lazy-layouts.ts';
import { dismissPageShell } from './page-shell.ts';

/** Loads who is signed in and shows the layout the access flow of docs/product-rules.md#access picks. */
export function AccessGate() {
  const me = trpc.auth.me.useQuery(undefined, { staleTime: 5 * 60_000 });
  const referralTalentTag = useStoredValue(storageKeys.referralTalentTag);
  const storedAdminSwitch = useStoredValue(storageKeys.adminSwitch) === 'true';
  // An admin who opens a back-office address (a bookmark, a link in an email) means the back-office:
  // it switches the admin UI on, and it stays on, as the menu's Admin UI entry does (issue 26).
  const { pathname } = useLocation();
  const opensAdminAddress = me.data?.role === 'ADMIN' && isAdminAddress(pathname);
  const isAdminSwitchOn = storedAdminSwitch || opensAdminAddress;
  useEffect(() => {
    if (opensAdminAddress && !storedAdminSwitch) writeStored(storageKeys.adminSwitch, 'true');
  }, [opensAdminAddress, storedAdminSwitch]);

  // Only a user headed for the waitlist needs to know whether a draft exists (see decideAccess).
  const wouldWaitlist = decideAccess({ me: me.data, referralTalentTag, isAdminSwitchOn }) === 'waitlist';
  const onboarding = trpc.onboarding.get.useQuery(undefined, { enabled: wouldWaitlist, staleTime: 60_000 });

  if (me.isPending || (wouldWaitlist && onboarding.isPending)) return <LoadingPanel fullScreen />;
  if (me.isError) {
    return (
      <ErrorPanel
        fullScreen
        message={describeError(me.error).message}
        onRetry={() => void me.refetch()}
        retrying={me.isFetching}
      />
    );
  }

  const user: Me | null = me.data;
  // A failed draft check falls back to the waitlist: the error reached the shared handler already.
  const hasTalentDraft = wouldWaitlist && onboarding.data?.draft != null;
  const layout = decideAccess({ me: user, referralTalentTag, isAdminSwitchOn, hasTalentDraft });
  return <AccessLayoutView layout={layout} user={user} />;
}

/**
 * The chosen layout. The public pages' and the dashboards' first paints are theirs alone: any other layout removes it at once.
 * Memoized: the gate re-renders whenever `auth.me` refetches or a stored value changes (an admin's
 * first back-office address stores the admin switch right after the first render), and each such
 * update is synchronous, so without it the whole page rendered again in one long task.
 */
const AccessLayoutView = memo(function AccessLayoutView({
  layout,
  user,
}: {
  layout: ReturnType<typeof decideAccess>;
  user: Me | null;
}) {
  const isPublic = layout === 'public' || !user;
  // The dashboards hand their own first paint over once their page has rendered (PageShellHandoff).
  const isDashboard = !isPublic && (layout === 'talent' || layout === 'admin');
  useLayoutEffect(() => {
    if (!isPublic && !isDashboard) dismissPageShell();
  }, [isPublic, isDashboard]);
  return (
    // The creator's and the admin's layouts load with the shape of the dashboard, not a spinner.
    <Suspense fallback={layout === 'talent' || layout === 'admin' ? <DashboardSkeleton /> : <LoadingPanel fullScreen />}>
      {isPublic ? (
        <PublicLayout />
      ) : layout === 'waitlist' ? (
        <WaitlistLayout me={user} />
      ) : layout === 'onboarding' ? (
        <OnboardingLayout me={user} />
      ) : layout === 'talent' ? (
        <TalentLayout me={user} />
      ) : (
        <AdminLayout me={user} />
      )}
    </Suspense>
  );
});
