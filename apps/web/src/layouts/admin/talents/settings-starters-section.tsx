import { conversationStartersMax } from '@doppel/validation';
import { Switch, Text } from '@mantine/core';
import { randomId } from '@mantine/hooks';
import { StarterFields } from '../../../components/starter-fields.tsx';
import { FormCard } from '../../../kit/form-card.tsx';
import { ListFooter } from './list-footer.tsx';
import type { SectionProps } from './settings-section.tsx';

/**
 * Conversation starters: up to 3 questions fans can tap. With "Answered by AI" on the twin answers
 * and no answer is sent; off, each question's answer is sent as written (docs/product-rules.md#conversation-starters).
 */
export function StartersSection({ form }: SectionProps) {
  const rows = form.values.chatMessageSuggestions;
  const listError = form.errors.chatMessageSuggestions;
  return (
    <FormCard title="Conversation starters" description={`Up to ${conversationStartersMax} questions fans can tap.`}>
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
        <StarterFields
          key={row.key}
          index={index}
          inputProps={(field) => form.getInputProps(`chatMessageSuggestions.${index}.${field}`)}
          showAnswer={!form.values.answeredByAi}
          onRemove={() => form.removeListItem('chatMessageSuggestions', index)}
        />
      ))}
      <ListFooter
        error={listError}
        addLabel="Add question"
        full={rows.length >= conversationStartersMax}
        onAdd={() => form.insertListItem('chatMessageSuggestions', { key: randomId(), text: '', answer: '' })}
      />
    </FormCard>
  );
}
