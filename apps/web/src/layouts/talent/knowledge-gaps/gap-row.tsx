import type { KnowledgeGapGroup } from '@doppel/validation';
import { Badge, Box, Button, Collapse, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { notifySuccess } from '../../../components/notify-success.ts';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { describeError } from '../../../errors/describe-error.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { useTalentContext } from '../talent-context.ts';
import { GapAnswerForm } from './gap-answer-form.tsx';

const askedLabel = (count: number) => (count === 1 ? 'Asked once' : `Asked ${count}×`);

/**
 * One group as one compact row: the question, how often and when it was last asked, Answer (opens
 * the form in place) and Dismiss (hidden for good, server-side). Other wordings show only when open.
 */
export function GapRow({ group }: { group: KnowledgeGapGroup }) {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const [open, setOpen] = useState(false);
  const [dismissError, setDismissError] = useState<string | null>(null);
  const dismiss = trpc.talent.knowledgeGaps.dismiss.useMutation({
    onSuccess: () => {
      notifySuccess('Dismissed. Questions like it will not show again.');
      void utils.talent.knowledgeGaps.list.invalidate({ talentId });
    },
    onError: (error) => setDismissError(describeError(error).message),
  });

  return (
    <Box px={{ base: 'sm', sm: 'md' }} py="sm" data-testid="knowledge-gap">
      <Group justify="space-between" align="center" wrap="wrap" gap="xs">
        <Box style={{ flex: '1 1 16rem', minWidth: 0 }}>
          <Text fw={600} lineClamp={open ? undefined : 2} style={{ overflowWrap: 'anywhere' }}>
            {group.question}
          </Text>
          <Group gap={6} mt={2} wrap="nowrap">
            <Badge variant="light" size="sm" style={{ flexShrink: 0 }} data-testid="knowledge-gap-count">
              {askedLabel(group.count)}
            </Badge>
            <RelativeTime value={group.lastAskedAt} size="xs" c="dimmed" />
          </Group>
        </Box>
        <Group gap="xs" wrap="nowrap" style={{ flexShrink: 0 }}>
          <Button
            size="compact-md"
            variant={open ? 'light' : 'filled'}
            aria-expanded={open}
            onClick={() => setOpen((was) => !was)}
          >
            Answer
          </Button>
          <Button
            size="compact-md"
            variant="subtle"
            color="gray"
            loading={dismiss.isPending}
            onClick={() => {
              setDismissError(null);
              dismiss.mutate({ talentId, question: group.question });
            }}
          >
            Dismiss
          </Button>
        </Group>
      </Group>
      {dismissError && (
        <Text size="sm" c="red" role="alert" mt={4}>
          {dismissError}
        </Text>
      )}
      <Collapse expanded={open}>
        {group.examples.length > 1 && (
          <Text size="sm" c="dimmed" pt="xs" style={{ overflowWrap: 'anywhere' }}>
            Also asked as:{' '}
            {group.examples
              .slice(1)
              .map((example) => `“${example}”`)
              .join(', ')}
          </Text>
        )}
        {open && <GapAnswerForm group={group} onCancel={() => setOpen(false)} />}
      </Collapse>
    </Box>
  );
}
