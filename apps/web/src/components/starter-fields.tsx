import { conversationStarterAnswerMax, conversationStarterTextMax } from '@doppel/validation';
import { ActionIcon, Group, Paper, Stack, Textarea, TextInput } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import type { ComponentProps } from 'react';

type InputProps = ComponentProps<typeof TextInput> & ComponentProps<typeof Textarea>;

/**
 * One conversation starter in a form (the creator's settings, the admin's talent settings): the
 * question, a remove button, and the fixed answer while the twin does not answer by itself.
 */
export function StarterFields({
  index,
  inputProps,
  showAnswer,
  onRemove,
  questionPlaceholder,
}: {
  index: number;
  /** The form's input props of this starter's `text` or `answer`. */
  inputProps: (field: 'text' | 'answer') => InputProps;
  showAnswer: boolean;
  onRemove: () => void;
  questionPlaceholder?: string;
}) {
  return (
    <Paper withBorder radius="md" p="sm" data-testid="starter-row">
      <Stack gap="xs">
        <Group gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            label={`Question ${index + 1}`}
            placeholder={questionPlaceholder}
            maxLength={conversationStarterTextMax}
            style={{ flex: 1 }}
            {...inputProps('text')}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            mt={26}
            size="lg"
            aria-label={`Remove question ${index + 1}`}
            onClick={onRemove}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Group>
        {showAnswer && (
          <Textarea
            label={`Answer ${index + 1}`}
            placeholder="Optional: the answer fans get"
            autosize
            minRows={2}
            maxRows={8}
            maxLength={conversationStarterAnswerMax}
            {...inputProps('answer')}
          />
        )}
      </Stack>
    </Paper>
  );
}
