import type { KnowledgeSourceView } from '@doppel/validation';
import { Anchor, Badge, Card, Flex, Loader, Skeleton, Stack, Text } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';
import { ErrorAlert } from '../../../../components/error-alert.tsx';
import { formatDateTime } from '../../../../components/format-date.ts';
import { quotaLine, sourceKindLabel, sourceSizeLabel, sourceStatusBadge } from '../../../../components/knowledge-format.ts';
import { EmptyState } from '../../../../kit/admin-list.tsx';
import { RecordLink } from '../../../../kit/record-link.tsx';
import { useAdminLive } from '../../../../kit/use-admin-live.ts';
import { trpc } from '../../../../trpc/trpc.ts';
import { knowledgeTabEntities } from './tab-format.ts';

/** The talent detail's Knowledge tab: the twin's sources as its creator sees them, read-only, each with its record. */
export function TalentKnowledgeTab({ talentId }: { talentId: string }) {
  const utils = trpc.useUtils();
  const query = trpc.admin.talents.knowledge.useQuery({ talentId });
  useAdminLive(knowledgeTabEntities, () => void utils.admin.talents.knowledge.invalidate({ talentId }));

  if (query.isError) return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data)
    return (
      <Stack gap="sm" role="status" aria-label="Loading knowledge">
        <Skeleton height={14} width={260} />
        <Skeleton height={72} radius="md" />
        <Skeleton height={72} radius="md" />
      </Stack>
    );
  const { sources, quota } = query.data;
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed" data-testid="admin-knowledge-quota">
        {quotaLine(quota)}
      </Text>
      {sources.length === 0 ? (
        <EmptyState icon={IconBooks} testId="admin-knowledge-empty">
          No knowledge sources yet.
        </EmptyState>
      ) : (
        sources.map((source) => <SourceCard key={source.id} source={source} />)
      )}
    </Stack>
  );
}

function SourceCard({ source }: { source: KnowledgeSourceView }) {
  const badge = sourceStatusBadge(source);
  const details = [sourceKindLabel(source), sourceSizeLabel(source), `added ${formatDateTime(source.createdAt)}`];
  return (
    <Card withBorder padding="sm" radius="md" data-testid="admin-knowledge-source" data-id={source.id}>
      <Flex direction={{ base: 'column', xs: 'row' }} justify="space-between" gap="xs">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {source.title}
          </Text>
          {source.url && (
            <Anchor
              href={source.url}
              target="_blank"
              rel="noopener noreferrer nofollow"
              size="xs"
              style={{ overflowWrap: 'anywhere' }}
            >
              {source.url}
            </Anchor>
          )}
          <Text size="xs" c="dimmed">
            {details.filter(Boolean).join(' · ')}
          </Text>
          {source.status === 'FAILED' && source.failureReason && (
            <Text size="sm" c="red.8" style={{ overflowWrap: 'anywhere' }}>
              {source.failureReason}
            </Text>
          )}
        </Stack>
        <Stack gap={4} align="flex-start" style={{ flex: 'none' }}>
          <Badge
            color={badge.color}
            variant="light"
            leftSection={badge.processing ? <Loader size={10} color={badge.color} /> : undefined}
          >
            {badge.label}
          </Badge>
          <RecordLink table="knowledge_sources" id={source.id} />
        </Stack>
      </Flex>
    </Card>
  );
}
