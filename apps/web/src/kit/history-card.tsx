import type { AdminAuditEntity, AdminAuditEntry } from '@doppel/validation';
import { Badge, Code, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { ErrorAlert } from '../components/error-alert.tsx';
import { RelativeTime } from '../components/relative-time.tsx';
import { trpc } from '../trpc/trpc.ts';
import { FormCard } from './form-card.tsx';
import { formatHistoryActor, formatHistoryValue } from './history-format.ts';
import { ListFooter } from './list-footer.tsx';
import { useAdminLive } from './use-admin-live.ts';

/** The live feed's name of audit entries (packages/domain adminAuditEntityName). */
const auditEntities = ['admin_audit_entries'] as const;

const actionLabels: Record<AdminAuditEntry['action'], { label: string; color: string }> = {
  create: { label: 'Created', color: 'teal' },
  update: { label: 'Changed', color: 'blue' },
  delete: { label: 'Deleted', color: 'red' },
};

/**
 * The "History" card of an admin detail page: what admins changed on this record, newest first,
 * each entry with who, when and every field before → after. Reloads when an admin saves.
 */
export function HistoryCard({ entity, entityId }: { entity: AdminAuditEntity; entityId: string }) {
  const utils = trpc.useUtils();
  const query = trpc.admin.audit.list.useInfiniteQuery(
    { entity, entityId },
    {
      getNextPageParam: (page) => page.nextCursor ?? undefined,
      enabled: entityId !== '',
      // Read afresh whenever the card mounts: it hears saves only while mounted, and a tab or page
      // that was closed during one would otherwise show the cached history without it.
      staleTime: 0,
    },
  );
  useAdminLive(auditEntities, () => void utils.admin.audit.list.invalidate({ entity, entityId }));
  const entries = query.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <FormCard title="History" description="Changes admins made to this record, newest first.">
      {query.isError ? (
        <ErrorAlert error={query.error} title="Could not load the history" onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Stack gap="sm" role="status" aria-label="Loading history">
          <Skeleton height={56} radius="md" />
          <Skeleton height={56} radius="md" />
        </Stack>
      ) : entries.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="history-empty">
          No admin has changed this record yet.
        </Text>
      ) : (
        <Stack gap="md" component="ol" style={{ listStyle: 'none', padding: 0, margin: 0 }} aria-label="History entries">
          {entries.map((entry) => (
            <HistoryEntry key={entry.id} entry={entry} />
          ))}
        </Stack>
      )}
      <ListFooter query={query} />
    </FormCard>
  );
}

function HistoryEntry({ entry }: { entry: AdminAuditEntry }) {
  const action = actionLabels[entry.action];
  return (
    <Stack gap={6} component="li" data-testid="history-entry">
      <Group gap="xs" wrap="wrap">
        <Badge color={action.color} variant="light" size="sm">
          {action.label}
        </Badge>
        <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
          {formatHistoryActor(entry.actor)}
        </Text>
        <RelativeTime value={entry.createdAt} size="xs" c="dimmed" />
      </Group>
      <Stack gap={4} pl={{ base: 0, sm: 'sm' }}>
        {entry.changes.map((change) => (
          <Group key={change.field} gap={6} wrap="wrap" align="baseline" data-testid="history-change">
            <Code>{change.field}</Code>
            <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              {formatHistoryValue(change.before)}
            </Text>
            <IconArrowRight size={14} aria-label="changed to" />
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {formatHistoryValue(change.after)}
            </Text>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}
