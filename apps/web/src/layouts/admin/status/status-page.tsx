import { Stack } from '@mantine/core';
import { IconActivityHeartbeat } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { EmptyState, ListSkeleton } from '../../../kit/admin-list.tsx';
import { AdminPage, AdminPageHeader } from '../../../kit/admin-page.tsx';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { QualityDroppedCard } from '../quality/quality-dropped-card.tsx';
import { CheckNowButton } from './check-now-button.tsx';
import { ModelHealthRow } from './model-health-row.tsx';

/**
 * /status: every model in use with a check or a cross, sorted by name (docs/product-rules.md#admin-back-office). The worker checks
 * every five minutes; "Check now" queues a check, and its result shows live. Below, the twins whose
 * nightly quality score dropped (docs/quality.md).
 */
export function StatusPage() {
  const utils = trpc.useUtils();
  const query = trpc.admin.status.get.useQuery();
  useAdminLive(['app_configs'], () => void utils.admin.status.get.invalidate());
  const entries = query.data?.entries ?? [];
  const empty = query.isSuccess && entries.length === 0;

  return (
    <AdminPage>
      <AdminPageHeader
        title="Status"
        description="Health of every model in use, checked every five minutes. A model that fails shows a red cross and the reason."
        // One "Check now" on the screen at a time: the empty state carries its own.
        actions={empty ? undefined : <CheckNowButton />}
      />
      {query.isError ? (
        <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <ListSkeleton label="Model health" />
      ) : empty ? (
        <NoCheckYet />
      ) : (
        <Stack
          gap="xs"
          role="list"
          aria-label="Model health"
          aria-busy={query.isFetching}
          data-testid="model-health-list"
          data-count={entries.length}
        >
          {entries.map((entry) => (
            <ModelHealthRow key={entry.model} entry={entry} />
          ))}
        </Stack>
      )}
      <QualityDroppedCard />
    </AdminPage>
  );
}

function NoCheckYet() {
  return (
    <EmptyState icon={IconActivityHeartbeat} testId="model-health-empty" action={<CheckNowButton />}>
      No health check has run yet.
    </EmptyState>
  );
}
