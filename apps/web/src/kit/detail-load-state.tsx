import { Skeleton, Stack } from '@mantine/core';
import { ErrorAlert } from '../components/error-alert.tsx';
import { ErrorPanel } from '../components/error-panel.tsx';
import { describeError } from '../errors/describe-error.ts';
import { AdminPage, AdminPageHeader } from './admin-page.tsx';

type DetailQuery = { isError: boolean; error: unknown; refetch: () => unknown };

/**
 * What a detail page shows before its record is there: "<Noun> not found" for an id that does not
 * exist (any more), the error with Retry for any other failure, skeleton cards while loading.
 */
export function DetailLoadState({
  query,
  noun,
  backTo,
  skeletonHeights = [180, 160],
}: {
  query: DetailQuery;
  /** "Payment", "User": the heading while loading and the subject of the not-found message. */
  noun: string;
  backTo: string;
  skeletonHeights?: number[];
}) {
  const notFound = query.isError && describeError(query.error).code === 'NOT_FOUND';
  return (
    <AdminPage>
      <AdminPageHeader title={noun} backTo={backTo} />
      {notFound ? (
        <ErrorPanel title={`${noun} not found`} message={`This ${noun.toLowerCase()} does not exist (any more).`} />
      ) : query.isError ? (
        <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Stack gap="md" role="status" aria-label={`Loading ${noun.toLowerCase()}`}>
          {skeletonHeights.map((height, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={index} height={height} radius="md" />
          ))}
        </Stack>
      )}
    </AdminPage>
  );
}
