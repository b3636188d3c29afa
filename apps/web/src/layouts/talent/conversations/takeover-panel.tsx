import type { ConversationDetail } from '@doppel/validation';
import { Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { IconHandStop, IconRobot, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { describeError } from '../../../errors/describe-error.ts';
import { trpc } from '../../../trpc/trpc.ts';

/**
 * Takeover on /conversations/:chatId (docs/creator-dashboard.md): pause the twin and write as
 * yourself, then hand back. The fan sees these messages in the twin's bubbles marked "Written by …"
 * and, while their message waits on the creator, "… will answer soon".
 */
export function TakeoverPanel({ talentId, detail }: { talentId: string; detail: ConversationDetail }) {
  const chatId = detail.chat.id;
  const utils = trpc.useUtils();
  const [text, setText] = useState('');
  const refresh = () => void utils.talent.conversations.get.invalidate({ talentId, chatId });
  const takeOver = trpc.talent.conversations.takeOver.useMutation({ onSuccess: refresh });
  const handBack = trpc.talent.conversations.handBack.useMutation({ onSuccess: refresh });
  const send = trpc.talent.conversations.send.useMutation({
    onSuccess: () => {
      setText('');
      refresh();
    },
  });
  const takenOver = detail.chat.takenOverAt !== null;
  const toggleError = takeOver.error ?? handBack.error;
  const textError = send.error ? describeError(send.error).fieldErrors?.text?.[0] : undefined;

  if (!takenOver) {
    return (
      <Paper withBorder p="md" radius="lg" aria-label="Takeover">
        <Group justify="space-between" gap="sm">
          <Text size="sm" c="dimmed" style={{ flex: '1 1 14rem' }}>
            Your twin answers this chat. Take over to pause it and write to the fan yourself.
          </Text>
          <Button
            leftSection={<IconHandStop size={16} />}
            loading={takeOver.isPending}
            onClick={() => takeOver.mutate({ talentId, chatId })}
          >
            Take over
          </Button>
        </Group>
        {toggleError && <ErrorAlert error={toggleError} title="Could not take over" />}
      </Paper>
    );
  }
  return (
    <Paper withBorder p="md" radius="lg" aria-label="Takeover" bg="var(--mantine-color-yellow-0)">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Text size="sm" fw={600} style={{ flex: '1 1 14rem' }}>
            You have taken over: your twin is paused here. The fan sees your messages as your twin’s.
          </Text>
          <Button
            variant="light"
            leftSection={<IconRobot size={16} />}
            loading={handBack.isPending}
            onClick={() => handBack.mutate({ talentId, chatId })}
          >
            Hand back to the twin
          </Button>
        </Group>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            send.mutate({ talentId, chatId, text });
          }}
        >
          <Group align="flex-end" gap="sm" wrap="nowrap">
            <Textarea
              label="Your message"
              placeholder="Write as yourself"
              autosize
              minRows={1}
              maxRows={6}
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              error={textError}
              style={{ flex: 1 }}
            />
            <Button type="submit" leftSection={<IconSend size={16} />} loading={send.isPending}>
              Send
            </Button>
          </Group>
        </form>
        {send.error && !textError && <ErrorAlert error={send.error} title="Could not send" />}
        {toggleError && <ErrorAlert error={toggleError} title="Could not hand back" />}
      </Stack>
    </Paper>
  );
}
