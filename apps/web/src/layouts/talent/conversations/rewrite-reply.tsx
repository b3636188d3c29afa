import { type ConversationDetail, type ConversationMessage, chatMessageMaxLength, replyRewriteInput } from '@doppel/validation';
import { Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconPencil, IconSchool } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { notifySuccess } from '../../../components/notify-success.ts';
import { describeError } from '../../../errors/describe-error.ts';
import { trpc } from '../../../trpc/trpc.ts';

/** Only replies the twin wrote to a fan message can be rewritten: the fan message is the example's prompt. */
export function canRewrite(message: ConversationMessage): boolean {
  return (
    message.senderType === 'TALENT' && message.replyToMessageId !== null && !message.writtenByCreator && !message.isSafetyReply
  );
}

/**
 * Under a twin reply: the creator's own answer to that fan message (a correction kept for the
 * twin's training), and "Rewrite" to write or replace it. The fan's chat does not change.
 */
export function RewriteReply({ talentId, chatId, message }: { talentId: string; chatId: string; message: ConversationMessage }) {
  const utils = trpc.useUtils();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const rewrite = trpc.talent.corrections.rewrite.useMutation();

  const open = () => {
    setText(message.correction ?? message.text);
    setTextError(null);
    rewrite.reset();
    setEditing(true);
  };
  const save = () => {
    const parsed = replyRewriteInput.safeParse({ chatId, messageId: message.id, text });
    if (!parsed.success) {
      setTextError(parsed.error.issues[0]?.message ?? 'Please write a message');
      return;
    }
    rewrite.mutate(
      { talentId, ...parsed.data },
      {
        onSuccess: (saved) => {
          notifySuccess('Your answer is kept for training.');
          setEditing(false);
          // Shown at once; the refetch confirms it.
          utils.talent.conversations.get.setData({ talentId, chatId }, (detail) =>
            withCorrection(detail, message.id, saved.text),
          );
          void utils.talent.conversations.get.invalidate({ talentId, chatId });
          void utils.talent.corrections.summary.invalidate({ talentId });
        },
        onError: (error) => setTextError(describeError(error).fieldErrors?.text?.[0] ?? null),
      },
    );
  };

  if (editing) {
    const otherError = rewrite.error && !textError ? rewrite.error : null;
    return (
      <Paper withBorder radius="lg" p="sm" w="100%" maw={560} data-testid="rewrite-reply-form">
        <Stack gap="xs">
          <Textarea
            label="What you would have answered"
            description="Kept as a training example for your twin. The fan’s chat does not change."
            autosize
            minRows={2}
            maxRows={10}
            maxLength={chatMessageMaxLength}
            value={text}
            onChange={(event) => {
              setText(event.currentTarget.value);
              setTextError(null);
            }}
            error={textError}
            disabled={rewrite.isPending}
          />
          {otherError && <ErrorAlert error={otherError} title="Could not keep your answer" />}
          <Group justify="flex-end" gap="xs">
            <Button size="xs" variant="default" onClick={() => setEditing(false)} disabled={rewrite.isPending}>
              Cancel
            </Button>
            <Button size="xs" onClick={save} loading={rewrite.isPending}>
              Save my answer
            </Button>
          </Group>
        </Stack>
      </Paper>
    );
  }
  return (
    <Stack gap={4} align="flex-end" maw="85%">
      {message.correction && (
        <Paper radius="lg" p="sm" withBorder bg="var(--mantine-color-teal-0)" data-testid="reply-correction">
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <Text span fw={600} inherit>
              Your answer:
            </Text>{' '}
            {message.correction}
          </Text>
          <Badge size="xs" variant="light" color="teal" mt={4} leftSection={<IconSchool size={11} />}>
            Kept for training
          </Badge>
        </Paper>
      )}
      <Button size="compact-xs" variant="subtle" leftSection={<IconPencil size={12} />} onClick={open}>
        {message.correction ? 'Rewrite again' : 'Rewrite'}
      </Button>
    </Stack>
  );
}

function withCorrection(detail: ConversationDetail | undefined, messageId: string, correction: string) {
  if (!detail) return detail;
  return { ...detail, messages: detail.messages.map((item) => (item.id === messageId ? { ...item, correction } : item)) };
}
