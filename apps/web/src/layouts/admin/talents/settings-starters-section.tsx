import { conversationStarterAnswerMax, conversationStartersMax, conversationStarterTextMax } from '@doppel/validation';
import { ActionIcon, Button, Group, Paper, Stack, Switch, Text, Textarea, TextInput } from '@mantine/core';
import { randomId } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { type SectionProps, SettingsSection } from './settings-section.tsx';

/**
 * Conversation starters: up to 3 questions fans can tap. With "Answered by AI" on the twin answers
 * and no answer is sent; off, each question's answer is sent as written (spec 4).
 */
export function StartersSection({ form }: SectionProps) {
  const rows = form.values.chatMessageSuggestions;
  const listError = form.errors.chatMessageSuggestions;
  return (
    <SettingsSection title="Conversation starters" description={`Up to ${conversationStartersMax} questions fans can tap.`}>
      <Switch
        label="Answered by AI"
        aria-label="Answered by AI"
        description={
          form.values.answeredByAi ? 'The twin answers each question in its own words.' : 'Fans get the answer written here.'
        }
        {...form.getInputProps('answeredByAi', { type: 'checkbox' })}
      />
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No conversation starter yet.
        </Text>
      )}
      {rows.map((row, index) => (
        <Paper key={row.key} withBorder radius="md" p="sm" data-testid="starter-row">
          <Stack gap="xs">
            <Group gap="xs" align="flex-start" wrap="nowrap">
              <TextInput
                label={`Question ${index + 1}`}
                maxLength={conversationStarterTextMax}
                style={{ flex: 1 }}
                {...form.getInputProps(`chatMessageSuggestions.${index}.text`)}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                mt={26}
                size="lg"
                aria-label={`Remove question ${index + 1}`}
                onClick={() => form.removeListItem('chatMessageSuggestions', index)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
            {!form.values.answeredByAi && (
              <Textarea
                label={`Answer ${index + 1}`}
                placeholder="Optional: the answer fans get"
                autosize
                minRows={2}
                maxRows={8}
                maxLength={conversationStarterAnswerMax}
                {...form.getInputProps(`chatMessageSuggestions.${index}.answer`)}
              />
            )}
          </Stack>
        </Paper>
      ))}
      {typeof listError === 'string' && (
        <Text size="sm" c="red" role="alert">
          {listError}
        </Text>
      )}
      <Button
        variant="light"
        leftSection={<IconPlus size={16} />}
        w="fit-content"
        disabled={rows.length >= conversationStartersMax}
        onClick={() => form.insertListItem('chatMessageSuggestions', { key: randomId(), text: '', answer: '' })}
      >
        Add question
      </Button>
    </SettingsSection>
  );
}
