import type { CorrectionView } from '@doppel/validation';
import { Anchor, Badge, Flex, Group, Paper, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowBackUp, IconMessage } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { notifySuccess } from '../../../components/notify-success.ts';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { describeError } from '../../../errors/describe-error.ts';
import { ConfirmButton } from '../../../kit/confirm-button.tsx';
import { trpc } from '../../../trpc/trpc.ts';
import { useTalentContext } from '../talent-context.ts';
import { correctionSourceLabel, takenBackMessage, trainingStatus } from './correction-format.ts';

const wrapText = { whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' } as const;

/**
 * One correction: the fan's message and what the creator answered instead of the twin, whether the
 * twin has trained on it, and "Take back" (after a confirmation). `onRemoved` runs once it is gone,
 * taken back here or (NOT_FOUND) already elsewhere.
 */
export function CorrectionCard({ correction, onRemoved }: { correction: CorrectionView; onRemoved: (id: string) => void }) {
  const { talentId } = useTalentContext();
  const [failure, setFailure] = useState<unknown>(null);
  const takeBack = trpc.talent.corrections.delete.useMutation();
  const status = trainingStatus(correction.waiting);

  const confirmTakeBack = () => {
    setFailure(null);
    takeBack.mutate(
      { talentId, correctionId: correction.id },
      {
        onSuccess: () => {
          notifySuccess(takenBackMessage);
          onRemoved(correction.id);
        },
        onError: (error) => {
          const described = describeError(error);
          // Taken back already (another device, a co-manager): say so and let the card go.
          if (described.code === 'NOT_FOUND') {
            notifications.show({ color: 'orange', message: described.message, autoClose: 5_000 });
            onRemoved(correction.id);
          } else setFailure(error);
        },
      },
    );
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="correction">
      <Stack gap="sm">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Group gap={6}>
            <Text fw={700}>{correctionSourceLabel(correction.source)}</Text>
            <Badge size="sm" variant="light" color={status.color} data-testid="correction-status">
              {status.label}
            </Badge>
          </Group>
          <RelativeTime value={correction.updatedAt} size="xs" c="dimmed" data-testid="correction-updated-at" />
        </Group>
        <Paper radius="md" p="sm" bg="var(--mantine-color-gray-0)">
          <Text size="xs" c="dimmed" mb={2}>
            The fan wrote
          </Text>
          <Text size="sm" style={wrapText} data-testid="correction-fan-text">
            {correction.fanText}
          </Text>
        </Paper>
        <Paper radius="md" p="sm" bg="var(--mantine-color-teal-0)">
          <Text size="xs" c="dimmed" mb={2}>
            You answered
          </Text>
          <Text size="sm" style={wrapText} data-testid="correction-answer">
            {correction.answerText}
          </Text>
        </Paper>
        {failure !== null && <ErrorAlert error={failure} title="Could not take it back" />}
        {/* Stacked full width on a phone; the chat link on the left and the action on the right from sm. */}
        <Flex
          direction={{ base: 'column', sm: 'row' }}
          justify="space-between"
          align={{ base: 'stretch', sm: 'center' }}
          gap="sm"
        >
          {correction.chatId === null ? (
            <span />
          ) : (
            <Anchor component={Link} to={`/conversations/${correction.chatId}`} size="sm" fw={600}>
              <Group gap={4} wrap="nowrap">
                <IconMessage size={16} />
                Open chat
              </Group>
            </Anchor>
          )}
          <ConfirmButton
            variant="default"
            leftSection={<IconArrowBackUp size={16} />}
            w={{ base: '100%', sm: 'auto' }}
            title="Take this answer back?"
            confirmLabel="Take it back"
            onConfirm={confirmTakeBack}
            loading={takeBack.isPending}
            message={
              <>
                <Text size="sm">Your twin will not learn from this answer.</Text>
                {/* A trained version is not retrained: say so rather than promise it forgets. */}
                {!correction.waiting && (
                  <Text size="xs" c="dimmed">
                    Its current version already learned from it; the next one will not.
                  </Text>
                )}
              </>
            }
          >
            Take back
          </ConfirmButton>
        </Flex>
      </Stack>
    </Paper>
  );
}
