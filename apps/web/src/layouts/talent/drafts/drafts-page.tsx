import type { ReplyDraftsListOutput } from '@doppel/validation';
import { Anchor, Badge, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useNow } from '../../../components/use-now.ts';
import { ListFooter } from '../../../kit/list-footer.tsx';
import { uniqueById } from '../../../kit/unique-by-id.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { useTalentContext } from '../talent-context.ts';
import { DraftCard } from './draft-card.tsx';
import { correctionsSummaryLabel } from './draft-format.ts';
import { useApprovalLive, useCorrectionsSummary } from './use-approval-live.ts';

const pageSize = 20;

/**
 * /drafts: the twin's replies held for approval, the one a fan has waited longest for first, live.
 * Each is approved, edited and sent, or rejected; the header counts the corrections kept.
 */
export function DraftsPage() {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  // "Waiting N min" moves on by itself.
  const now = new Date(useNow(true, 30_000));
  const listInput = { talentId, limit: pageSize };
  const query = trpc.talent.replyDrafts.list.useInfiniteQuery(listInput, {
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
  const settings = trpc.talent.replyApproval.get.useQuery({ talentId });
  const summary = useCorrectionsSummary(talentId);
  useApprovalLive(talentId, () => void utils.talent.replyDrafts.list.invalidate({ talentId }));
  const drafts = useMemo(() => uniqueById(query.data?.pages ?? []), [query.data]);
  const pendingCount = query.data?.pages[0]?.pendingCount ?? 0;

  // A decided draft leaves the list at once; the refetch then brings the queue up to date.
  const handled = (draftId: string) => {
    utils.talent.replyDrafts.list.setInfiniteData(
      listInput,
      (data) => data && { ...data, pages: withoutDraft(data.pages, draftId) },
    );
    void utils.talent.replyDrafts.list.invalidate({ talentId });
    void utils.talent.corrections.summary.invalidate({ talentId });
  };

  return (
    <Stack gap="md">
      <div>
        <Group gap="xs" align="center">
          <Title order={2} fz={{ base: 22, sm: 28 }} lh={1.2}>
            Replies to approve
          </Title>
          {pendingCount > 0 && (
            <Badge variant="filled" color="red" data-testid="drafts-pending-count">
              {pendingCount}
            </Badge>
          )}
        </Group>
        <Text c="dimmed" size="sm" mt={4}>
          Your twin’s replies wait here until you send, edit or reject them. What you change teaches your twin.
        </Text>
        {summary.data && (
          // The link sits beside the line, not in it, so the line reads as the count alone.
          <Group gap="xs" mt={6} align="baseline">
            <Text size="sm" fw={600} data-testid="corrections-summary">
              {correctionsSummaryLabel(summary.data)}
            </Text>
            <Anchor component={Link} to="/corrections" size="sm" fw={600}>
              See corrections
            </Anchor>
          </Group>
        )}
      </div>
      {query.isError ? (
        <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Stack gap="sm" role="status" aria-label="Loading replies">
          {[0, 1].map((row) => (
            <Skeleton key={row} height={220} radius="lg" />
          ))}
        </Stack>
      ) : drafts.length === 0 ? (
        <EmptyDrafts approvalOn={settings.data?.enabled ?? true} />
      ) : (
        <Stack gap="md" data-testid="reply-drafts" aria-busy={query.isFetching}>
          {drafts.map((draft) => (
            <DraftCard key={draft.id} draft={draft} now={now} onHandled={handled} />
          ))}
          <ListFooter query={query} />
        </Stack>
      )}
    </Stack>
  );
}

/** The loaded pages without one draft, each page's count of every pending draft one less. */
function withoutDraft(pages: ReplyDraftsListOutput[], draftId: string): ReplyDraftsListOutput[] {
  if (!pages.some((page) => page.items.some((item) => item.id === draftId))) return pages;
  return pages.map((page) => ({
    ...page,
    items: page.items.filter((item) => item.id !== draftId),
    pendingCount: Math.max(0, page.pendingCount - 1),
  }));
}

function EmptyDrafts({ approvalOn }: { approvalOn: boolean }) {
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="reply-drafts-empty">
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="teal">
          <IconChecks size={26} />
        </ThemeIcon>
        <Text fw={600}>No replies waiting</Text>
        {!approvalOn && (
          <Text size="sm" c="dimmed">
            Turn on approval mode in{' '}
            <Anchor component={Link} to="/settings/approval" inherit>
              Settings → Reply approval
            </Anchor>
            .
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
