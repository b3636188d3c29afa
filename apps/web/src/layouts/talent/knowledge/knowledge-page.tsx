import { Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { IconBooks } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { quotaFull, quotaLine } from '../../../components/knowledge-format.ts';
import { EmptyState } from '../../../kit/admin-list.tsx';
import { useLiveInvalidate } from '../../../live/use-live.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { SettingsHeader } from '../settings/settings-page.tsx';
import { useTalentContext } from '../talent-context.ts';
import { AddSourceCard } from './knowledge-add.tsx';
import { SourceRow } from './knowledge-source-row.tsx';

// While a source is read the live feed brings its change; this slow poll is only the backstop.
const processingPollMs = 15_000;

/** /settings/knowledge: the files, texts and web pages the twin answers from (docs/knowledge.md). */
export function KnowledgePage() {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const query = trpc.talent.knowledge.list.useQuery(
    { talentId },
    {
      refetchInterval: (current) =>
        current.state.data?.sources.some((source) => source.status === 'PROCESSING') ? processingPollMs : false,
    },
  );
  useLiveInvalidate([`talent:${talentId}`], () => void utils.talent.knowledge.list.invalidate({ talentId }), 300);

  const data = query.data;
  return (
    <Stack gap="lg">
      <SettingsHeader
        title="Knowledge"
        description="Files, texts and web pages your twin answers from. Fans never see them, only what your twin says."
      />
      {query.isError ? (
        <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : !data ? (
        <KnowledgeSkeleton />
      ) : (
        <>
          <AddSourceCard full={quotaFull(data.quota)} />
          <Text size="sm" c="dimmed" data-testid="knowledge-quota">
            {quotaLine(data.quota)}
          </Text>
          {data.sources.length === 0 ? (
            <EmptyState icon={IconBooks} testId="knowledge-empty">
              No sources yet. Add a file, paste a text or give a web page, and your twin answers from it.
            </EmptyState>
          ) : (
            <Stack gap="sm" data-testid="knowledge-sources">
              {data.sources.map((source) => (
                <SourceRow key={source.id} source={source} />
              ))}
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}

function KnowledgeSkeleton() {
  return (
    <Stack gap="sm" aria-busy="true" aria-label="Loading your sources">
      <Skeleton height={120} radius="lg" />
      <Skeleton height={14} width={260} />
      {[0, 1, 2].map((row) => (
        <Paper key={row} withBorder radius="md" p="md">
          <Group justify="space-between" wrap="nowrap">
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={14} width="60%" />
              <Skeleton height={10} width="40%" />
            </Stack>
            <Skeleton height={22} width={90} radius="xl" />
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
