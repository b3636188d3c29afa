import { Anchor, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { formatScore } from '../../../components/quality-format.ts';
import { ListSkeleton } from '../../../kit/admin-list.tsx';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { trpc } from '../../../trpc/trpc.ts';

/** The Status page's "Quality dropped": twins whose latest nightly score fell 5 points or more, each linking to its Quality tab. */
export function QualityDroppedCard() {
  const utils = trpc.useUtils();
  const query = trpc.admin.quality.dropped.useQuery();
  useAdminLive(['quality_runs'], () => void utils.admin.quality.dropped.invalidate());
  const items = query.data?.items ?? [];
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }} radius="md" component="section" aria-labelledby="quality-dropped-title">
      <Stack gap="xs">
        <Title order={3} size="h4" id="quality-dropped-title">
          Quality dropped
        </Title>
        {query.isError ? (
          <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
        ) : query.isPending ? (
          <ListSkeleton label="Quality drops" rows={2} />
        ) : items.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="quality-dropped-empty">
            No twin’s nightly quality score dropped.
          </Text>
        ) : (
          <Stack gap={6} data-testid="quality-dropped">
            {items.map((item) => (
              <Group key={item.talentId} justify="space-between" gap="xs" wrap="nowrap" data-testid="quality-dropped-row">
                <Anchor component={Link} to={`/talents/${item.talentId}?tab=quality`} size="sm" fw={600} truncate>
                  {item.talentName}
                  {item.tag && (
                    <Text span c="dimmed" size="sm">
                      {' '}
                      @{item.tag}
                    </Text>
                  )}
                </Anchor>
                <Text size="sm" c="red.8" fw={600} style={{ flex: 'none' }}>
                  {formatScore(item.previousScore)} → {formatScore(item.latestScore)}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
