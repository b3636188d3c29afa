import { Anchor, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconPencilCheck } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { ListFooter } from '../../../kit/list-footer.tsx';
import { uniqueById } from '../../../kit/unique-by-id.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { useApprovalLive } from '../drafts/use-approval-live.ts';
import { useTalentContext } from '../talent-context.ts';
import { CorrectionCard } from './correction-card.tsx';
import { withoutCorrection } from './correction-format.ts';

const pageSize = 20;

/**
 * /corrections: what the creator answered instead of the twin (edited drafts, rewritten replies),
 * newest first, live, each saying whether the twin has trained on it; one made by mistake can be
 * taken back so the twin's next version does not learn from it.
 */
export function CorrectionsPage() {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const listInput = { talentId, limit: pageSize };
  const query = trpc.talent.corrections.list.useInfiniteQuery(listInput, {
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  // A correction kept or taken back elsewhere, or a new version trained (they stop waiting).
  useApprovalLive(talentId, () => void utils.talent.corrections.list.invalidate({ talentId }));
  const corrections = useMemo(() => uniqueById(query.data?.pages ?? []), [query.data]);

  // The card leaves at once; the refetches then bring the list, the counts and the chat up to date.
  const removed = (correctionId: string) => {
    const chatId = corrections.find((item) => item.id === correctionId)?.chatId;
    utils.talent.corrections.list.setInfiniteData(
      listInput,
      (data) => data && { ...data, pages: withoutCorrection(data.pages, correctionId) },
    );
    void utils.talent.corrections.list.invalidate({ talentId });
    void utils.talent.corrections.summary.invalidate({ talentId });
    if (chatId) void utils.talent.conversations.get.invalidate({ talentId, chatId });
  };

  return (
    <Stack gap="md">
      <div>
        <Title order={2} fz={{ base: 22, sm: 28 }} lh={1.2}>
          Corrections
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          What you answered instead of your twin. Each one trains your twin’s next version; take one back if it was a mistake.
        </Text>
      </div>
      {query.isError ? (
        <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Stack gap="sm" role="status" aria-label="Loading corrections">
          {[0, 1].map((row) => (
            <Skeleton key={row} height={200} radius="lg" />
          ))}
        </Stack>
      ) : corrections.length === 0 ? (
        <EmptyCorrections />
      ) : (
        <Stack gap="md" data-testid="corrections" aria-busy={query.isFetching}>
          {corrections.map((correction) => (
            <CorrectionCard key={correction.id} correction={correction} onRemoved={removed} />
          ))}
          <ListFooter query={query} />
        </Stack>
      )}
    </Stack>
  );
}

function EmptyCorrections() {
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="corrections-empty">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="teal">
          <IconPencilCheck size={26} />
        </ThemeIcon>
        <Text fw={600}>No corrections yet.</Text>
        <Text size="sm" c="dimmed">
          Edit a reply in{' '}
          <Anchor component={Link} to="/drafts" inherit>
            Replies to approve
          </Anchor>
          , or rewrite one of your twin’s replies in{' '}
          <Anchor component={Link} to="/conversations" inherit>
            Conversations
          </Anchor>
          .
        </Text>
      </Stack>
    </Paper>
  );
}
