import { adminChatExamplesMax, adminChatExampleTextMax } from '@doppel/validation';
import { ActionIcon, Group, Paper, SimpleGrid, Text, Textarea } from '@mantine/core';
import { randomId } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { FormCard } from '../../../kit/form-card.tsx';
import { ListFooter } from './list-footer.tsx';
import type { SectionProps } from './settings-section.tsx';

/** Chat examples: request and response pairs that show the model how the twin answers. */
export function ExamplesSection({ form }: SectionProps) {
  const rows = form.values.chatExamples;
  const listError = form.errors.chatExamples;
  return (
    <FormCard
      title="Chat examples"
      description="A fan's message and the twin's answer; a few of them go into each prompt to set the tone."
    >
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          No chat example yet.
        </Text>
      )}
      {rows.map((row, index) => (
        <Paper key={row.key} withBorder radius="md" p="sm" data-testid="chat-example-row">
          <Group gap="xs" align="flex-start" wrap="nowrap">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs" style={{ flex: 1 }}>
              <Textarea
                label={`Request ${index + 1}`}
                autosize
                minRows={2}
                maxRows={8}
                maxLength={adminChatExampleTextMax}
                {...form.getInputProps(`chatExamples.${index}.requestText`)}
              />
              <Textarea
                label={`Response ${index + 1}`}
                autosize
                minRows={2}
                maxRows={8}
                maxLength={adminChatExampleTextMax}
                {...form.getInputProps(`chatExamples.${index}.responseText`)}
              />
            </SimpleGrid>
            <ActionIcon
              variant="subtle"
              color="red"
              mt={26}
              size="lg"
              aria-label={`Remove example ${index + 1}`}
              onClick={() => form.removeListItem('chatExamples', index)}
            >
              <IconTrash size={18} />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
      <ListFooter
        error={listError}
        addLabel="Add example"
        full={rows.length >= adminChatExamplesMax}
        onAdd={() => form.insertListItem('chatExamples', { key: randomId(), requestText: '', responseText: '' })}
      />
    </FormCard>
  );
}
