import {
  chatMessageMaxLength,
  fanDisplayName,
  type ReplyDraftDecision,
  type ReplyDraftView,
  reachOutKindLabels,
  replyDraftApproveInput,
} from '@doppel/validation';
import { Anchor, Badge, Button, Flex, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconMessage, IconPaperclip, IconSend, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { notifySuccess } from '../../../components/notify-success.ts';
import { describeError } from '../../../errors/describe-error.ts';
import { ConfirmButton } from '../../../kit/confirm-button.tsx';
import { trpc } from '../../../trpc/trpc.ts';
import { useTalentContext } from '../talent-context.ts';
import { attachmentNote, decisionMessage, draftTimingLabel, isEditedDraft } from './draft-format.ts';

/**
 * One held reply: the fan's message, the twin's draft to edit, and the decision. Sending an edited
 * text keeps it as a correction; rejecting gives the fan their credits back. A held reach-out shows
 * its trigger instead of a fan message; rejecting it means the fan never gets it. `onHandled` runs
 * once the draft has left the queue, decided here or (a CONFLICT) by someone else or the hold limit.
 */
export function DraftCard({ draft, now, onHandled }: { draft: ReplyDraftView; now: Date; onHandled: (draftId: string) => void }) {
  const { talentId } = useTalentContext();
  const [text, setText] = useState(draft.text);
  const [textError, setTextError] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const approve = trpc.talent.replyDrafts.approve.useMutation();
  const reject = trpc.talent.replyDrafts.reject.useMutation();
  const edited = isEditedDraft(draft.text, text);
  const busy = approve.isPending || reject.isPending;
  const fan = fanDisplayName(draft.fan);
  const attachments = attachmentNote(draft.attachmentTypes);
  const reachOut = draft.reachOut ? reachOutKindLabels[draft.reachOut.kind] : null;

  const decided = (decision: ReplyDraftDecision) => {
    notifySuccess(decisionMessage(decision, draft.reachOut !== null));
    onHandled(draft.id);
  };
  const failed = (error: unknown) => {
    const described = describeError(error);
    // Decided already (another device, a co-manager, the hold limit) or gone: say so and refresh.
    if (described.code === 'CONFLICT' || described.code === 'NOT_FOUND') {
      notifications.show({ color: 'orange', message: described.message, autoClose: 5_000 });
      onHandled(draft.id);
      return;
    }
    const onText = described.fieldErrors?.text?.[0];
    if (onText) setTextError(onText);
    else setFailure(error);
  };

  const sendReply = () => {
    setTextError(null);
    setFailure(null);
    // Only an edit is sent as text: the server keeps a differing text as a correction.
    const parsed = replyDraftApproveInput.safeParse({ draftId: draft.id, ...(edited ? { text } : {}) });
    if (!parsed.success) {
      setTextError(parsed.error.issues[0]?.message ?? 'Please write a message');
      return;
    }
    approve.mutate({ talentId, ...parsed.data }, { onSuccess: decided, onError: failed });
  };
  const rejectReply = () => {
    setFailure(null);
    reject.mutate({ talentId, draftId: draft.id }, { onSuccess: decided, onError: failed });
  };

  return (
    <Paper
      withBorder
      radius="lg"
      p={{ base: 'md', sm: 'lg' }}
      data-testid="reply-draft"
      aria-label={reachOut ? `Reach out to ${fan}` : `Reply to ${fan}`}
    >
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <Group gap={6} style={{ minWidth: 0 }}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {fan}
            </Text>
            {draft.fan.isAnonymous && (
              <Badge size="xs" variant="light" color="gray">
                anonymous
              </Badge>
            )}
          </Group>
          <Anchor component={Link} to={`/conversations/${draft.chatId}`} size="sm" fw={600} style={{ flex: 'none' }}>
            <Group gap={4} wrap="nowrap">
              <IconMessage size={16} />
              Open chat
            </Group>
          </Anchor>
        </Group>
        <Text size="xs" c="dimmed" data-testid="reply-draft-timing">
          {draftTimingLabel(draft, now)}
        </Text>
        {draft.fanMessage && (
          <Paper radius="md" p="sm" bg="var(--mantine-color-gray-0)">
            <Text size="xs" c="dimmed" mb={2}>
              The fan wrote
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="reply-draft-fan-message">
              {draft.fanMessage.text}
            </Text>
          </Paper>
        )}
        {reachOut && (
          <Paper radius="md" p="sm" bg="var(--mantine-color-gray-0)" data-testid="reply-draft-reach-out">
            <Group gap={6} mb={2}>
              <IconSend size={14} />
              <Text size="xs" fw={600}>
                Your twin wants to reach out · {reachOut.title}
              </Text>
            </Group>
            <Text size="xs" c="dimmed">
              {reachOut.description} Free for the fan.
            </Text>
          </Paper>
        )}
        <Textarea
          label={reachOut ? 'Your twin’s message' : 'Your twin’s reply'}
          description={edited ? editedNote(reachOut !== null) : undefined}
          autosize
          minRows={2}
          maxRows={12}
          size="md"
          w="100%"
          maxLength={chatMessageMaxLength}
          value={text}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setTextError(null);
          }}
          error={textError}
          disabled={busy}
        />
        {attachments && (
          <Group gap={4} c="dimmed">
            <IconPaperclip size={14} />
            <Text size="xs">Sent {attachments}</Text>
          </Group>
        )}
        {failure !== null && <ErrorAlert error={failure} title="Could not decide" />}
        {/* Stacked full width on a phone with the main action on top; side by side from sm. */}
        <Flex direction={{ base: 'column-reverse', sm: 'row' }} justify="flex-end" gap="sm">
          {edited && (
            <Button
              variant="subtle"
              color="gray"
              w={{ base: '100%', sm: 'auto' }}
              disabled={busy}
              onClick={() => setText(draft.text)}
            >
              Undo my edits
            </Button>
          )}
          <ConfirmButton
            variant="default"
            leftSection={<IconX size={16} />}
            w={{ base: '100%', sm: 'auto' }}
            title={reachOut ? 'Reject this message?' : 'Reject this reply?'}
            confirmLabel={reachOut ? 'Reject message' : 'Reject reply'}
            onConfirm={rejectReply}
            loading={reject.isPending}
            disabled={approve.isPending}
            message={
              reachOut
                ? 'The fan never gets it; your twin does not write again for this.'
                : 'The fan gets their credits back and no reply.'
            }
          >
            Reject
          </ConfirmButton>
          <Button
            leftSection={<IconCheck size={16} />}
            w={{ base: '100%', sm: 'auto' }}
            loading={approve.isPending}
            disabled={reject.isPending}
            onClick={sendReply}
          >
            {edited ? (reachOut ? 'Send edited message' : 'Send edited reply') : 'Approve'}
          </Button>
        </Flex>
      </Stack>
    </Paper>
  );
}

/** Under an edited text: a reply's edit teaches the twin, a reach-out's answers no fan message and does not. */
function editedNote(reachOut: boolean): string {
  return reachOut ? 'Edited: your text goes to the fan.' : 'Edited: your text goes to the fan and is kept as a correction.';
}
