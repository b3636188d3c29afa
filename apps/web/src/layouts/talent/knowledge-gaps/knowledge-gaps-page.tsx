import { Divider, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import { Fragment } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { LoadingPanel } from '../../../components/loading-panel.tsx';
import { trpc } from '../../../trpc/trpc.ts';
import { useTalentContext, useTalentLive } from '../talent-context.ts';
import { GapRow } from './gap-row.tsx';

/**
 * /knowledge-gaps: questions fans asked that the twin's FAQ did not cover, grouped by meaning, most
 * asked first, one compact row each (a long form per question made nine of them 3,200 px tall).
 * Answering one adds it to the FAQ and dismissing one hides it for good; either way the row goes.
 */
export function KnowledgeGapsPage() {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const query = trpc.talent.knowledgeGaps.list.useQuery({ talentId });
  // New replies and FAQ changes arrive on the talent's scope.
  useTalentLive(talentId, () => void utils.talent.knowledgeGaps.list.invalidate({ talentId }));

  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz={{ base: 22, sm: 28 }} lh={1.2}>
          Knowledge gaps
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          Questions fans asked {query.data ? `in the last ${query.data.days} days ` : ''}that your twin had no answer for. Answer
          one and your twin uses it from the next fan on; dismiss the ones that are not for your FAQ.
        </Text>
      </div>
      {query.isPending ? (
        <LoadingPanel />
      ) : query.isError ? (
        <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : query.data.groups.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" data-testid="knowledge-gaps-empty">
          <Stack align="center" gap="xs" ta="center">
            <ThemeIcon size={48} radius="xl" variant="light" color="teal">
              <IconBulb size={26} />
            </ThemeIcon>
            <Text fw={600}>No gaps right now</Text>
            <Text size="sm" c="dimmed">
              When fans ask something your twin’s FAQ does not cover, it shows up here.
            </Text>
          </Stack>
        </Paper>
      ) : (
        <Paper withBorder radius="lg" data-testid="knowledge-gap-list">
          {query.data.groups.map((group, index) => (
            <Fragment key={`${group.question}|${group.lastAskedAt}`}>
              {index > 0 && <Divider />}
              <GapRow group={group} />
            </Fragment>
          ))}
        </Paper>
      )}
    </Stack>
  );
}
