import type { ChatReplyApprovalMode, ConversationDetail } from '@doppel/validation';
import { Anchor, Group, Paper, Select, Stack, Text } from '@mantine/core';
import { IconMessageCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { notifySuccess } from '../../../components/notify-success.ts';
import { trpc } from '../../../trpc/trpc.ts';

const modeChoices: { value: ChatReplyApprovalMode; label: string }[] = [
  { value: 'TWIN', label: 'Follow twin setting' },
  { value: 'ALWAYS', label: 'Always approve first' },
  { value: 'NEVER', label: 'Send without approval' },
];

const waitingLabel = (count: number) => (count === 1 ? '1 reply waiting for approval' : `${count} replies waiting for approval`);

/**
 * This fan's approval mode on /conversations/:chatId: follow the twin's setting, or hold or send
 * their replies whatever it says; and a way to the replies of theirs waiting in the inbox.
 */
export function ReplyApprovalSelect({ talentId, detail }: { talentId: string; detail: ConversationDetail }) {
  const chatId = detail.chat.id;
  const utils = trpc.useUtils();
  const setMode = trpc.talent.conversations.setReplyApproval.useMutation({
    onSuccess: (saved) => {
      notifySuccess(saved.holdsReplies ? 'Replies to this fan now wait for you.' : 'Replies to this fan now go out directly.');
      utils.talent.conversations.get.setData({ talentId, chatId }, (current) => current && { ...current, replyApproval: saved });
      void utils.talent.conversations.get.invalidate({ talentId, chatId });
    },
  });
  const { mode, holdsReplies } = detail.replyApproval;

  return (
    <Paper withBorder p="md" radius="lg" aria-label="Reply approval">
      <Stack gap="xs">
        <Select
          label="Replies to this fan"
          data={modeChoices}
          value={setMode.isPending ? (setMode.variables?.mode ?? mode) : mode}
          allowDeselect={false}
          disabled={setMode.isPending}
          onChange={(value) => {
            if (value && value !== mode) setMode.mutate({ talentId, chatId, mode: value as ChatReplyApprovalMode });
          }}
        />
        <Text size="xs" c="dimmed" data-testid="reply-approval-state">
          {holdsReplies
            ? 'Your twin’s replies to this fan wait for your approval.'
            : 'Your twin’s replies to this fan go out without approval.'}
        </Text>
        {detail.chat.heldReplies > 0 && (
          <Anchor component={Link} to="/drafts" size="sm" fw={600}>
            <Group gap={4} wrap="nowrap">
              <IconMessageCheck size={16} />
              {waitingLabel(detail.chat.heldReplies)}
            </Group>
          </Anchor>
        )}
        {setMode.error && <ErrorAlert error={setMode.error} title="Could not change this fan’s replies" />}
      </Stack>
    </Paper>
  );
}
