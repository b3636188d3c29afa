import { Paper, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ComponentType, ReactNode } from 'react';
import { ErrorAlert } from '../components/error-alert.tsx';
import { ListFooter } from './list-footer.tsx';
import { uniqueById } from './unique-by-id.ts';

/** What an admin list needs of a tRPC infinite query: its pages and how to load the next one. */
export type InfiniteListQuery<Item> = {
  data: { pages: Array<{ items: Item[] }> } | undefined;
  error: unknown;
  isError: boolean;
  isPending: boolean;
  isFetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
};

/**
 * The body of every admin list: an error with Retry, a skeleton while the first page loads, an
 * empty state, else the items and "Load more" while pages remain (docs/product-rules.md#lists-and-create-screens).
 */
export function AdminList<Item extends { id: string }>({
  query,
  label,
  empty,
  children,
}: {
  query: InfiniteListQuery<Item>;
  /** Names the list for assistive technology and tests, e.g. "Talents". */
  label: string;
  /** What an empty list says, e.g. "No talent matches this search." */
  empty: ReactNode;
  children: (items: Item[]) => ReactNode;
}) {
  if (query.isError) return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  if (query.isPending) return <ListSkeleton label={label} />;
  const items = uniqueById(query.data?.pages ?? []);
  if (items.length === 0) return <EmptyState>{empty}</EmptyState>;
  return (
    <Stack gap="xs" aria-label={label} aria-busy={query.isFetching} data-testid="admin-list" data-count={items.length}>
      {children(items)}
      <ListFooter query={query} mt="xs" />
    </Stack>
  );
}

export function ListSkeleton({ label, rows = 5 }: { label: string; rows?: number }) {
  return (
    <Stack gap="xs" role="status" aria-label={`Loading ${label.toLowerCase()}`}>
      {Array.from({ length: rows }, (_, row) => `skeleton-${row}`).map((key) => (
        <Skeleton key={key} height={56} radius="md" />
      ))}
    </Stack>
  );
}

/** An empty list or panel: an icon, what is (not) there, and optionally what to do about it. */
export function EmptyState({
  children,
  icon: Icon = IconInbox,
  testId = 'admin-list-empty',
  action,
}: {
  children: ReactNode;
  icon?: ComponentType<{ size?: number }>;
  testId?: string;
  action?: ReactNode;
}) {
  return (
    <Paper withBorder p="xl" radius="md">
      <Stack align="center" gap="xs">
        <ThemeIcon size={44} radius="xl" variant="light" color="gray">
          <Icon size={24} />
        </ThemeIcon>
        <Text c="dimmed" ta="center" data-testid={testId}>
          {children}
        </Text>
        {action}
      </Stack>
    </Paper>
  );
}
