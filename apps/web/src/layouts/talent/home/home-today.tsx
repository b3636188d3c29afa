import { formatCents } from '@doppel/validation';
import { Button, Card, Group, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowRight, IconBulb } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useLiveInvalidate } from '../../../live/use-live.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { ConversationRow } from '../conversations/conversation-row.tsx';
import { homeRecentCount } from '../page-inputs.ts';

const recentCount = homeRecentCount;

/**
 * What needs the creator today, first on the home page (issue 26): what the twin earned today,
 * questions it could not answer, and the newest conversations. Live: a fan's message moves them.
 */
export function HomeToday({ talentId, todayNetCents }: { talentId: string; todayNetCents: number }) {
  const utils = trpc.useUtils();
  const recent = trpc.talent.conversations.list.useQuery({ talentId, limit: recentCount });
  const gaps = trpc.talent.knowledgeGaps.list.useQuery({ talentId });
  useLiveInvalidate(
    [`talent:${talentId}`],
    () => {
      void utils.talent.conversations.list.invalidate({ talentId });
      void utils.talent.knowledgeGaps.list.invalidate({ talentId });
    },
    500,
  );
  const questions = gaps.data?.groups.length ?? 0;

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="home-today">
      <Group justify="space-between" gap="xs" mb="sm">
        <Text fw={700}>Today</Text>
        <Text size="sm" c="dimmed">
          Earned{' '}
          <Text span fw={700} c="var(--mantine-color-text)" data-testid="earnings-today">
            {formatCents(todayNetCents)}
          </Text>
        </Text>
      </Group>
      <Stack gap="sm">
        {questions > 0 && (
          <Group justify="space-between" gap="xs" wrap="nowrap" data-testid="home-knowledge-gaps">
            <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
              <IconBulb size={18} color="var(--mantine-color-yellow-7)" style={{ flex: 'none' }} />
              <Text size="sm">
                {questions === 1 ? '1 question your twin could not answer' : `${questions} questions your twin could not answer`}
              </Text>
            </Group>
            <Button component={Link} to="/knowledge-gaps" size="xs" variant="light" style={{ flex: 'none' }}>
              Answer
            </Button>
          </Group>
        )}
        {recent.isError ? (
          <ErrorAlert error={recent.error} title="Could not load the conversations" onRetry={() => void recent.refetch()} />
        ) : recent.isPending ? (
          <Stack gap="xs" role="status" aria-label="Loading conversations">
            {[0, 1].map((row) => (
              <Skeleton key={row} height={64} radius="md" />
            ))}
          </Stack>
        ) : recent.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            No conversations yet. Share your link and the first fans will show up here.
          </Text>
        ) : (
          <Stack gap="xs" aria-label="Recent conversations">
            {recent.data.items.map((chat) => (
              <ConversationRow key={chat.id} chat={chat} />
            ))}
            <Button
              component={Link}
              to="/conversations"
              size="xs"
              variant="subtle"
              rightSection={<IconArrowRight size={14} />}
              w="fit-content"
            >
              All conversations
            </Button>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
