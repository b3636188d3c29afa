import { conversationStartersMax, conversationStartersSettingsSchema, type TalentSettings } from '@doppel/validation';
import { Button, Paper, Stack, Switch, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { IconMessageQuestion, IconPlus } from '@tabler/icons-react';
import { StarterFields } from '../../../components/starter-fields.tsx';
import { useSyncFormWithData } from '../../../forms/use-sync-form-with-data.ts';
import { useServerForm } from '../../../kit/use-server-form.ts';
import { renameErrorPaths } from './form-errors.ts';
import { SettingsForm, SettingsPage } from './settings-page.tsx';
import { answeredByAiDefault, type StarterRow, startersForSave } from './starters.ts';
import { useTalentSettings, useUpdateSettings } from './use-talent-settings.ts';

type Row = StarterRow & { key: string };
type Values = { answeredByAi: boolean; starters: Row[] };

const valuesOf = (talent: TalentSettings): Values => ({
  answeredByAi: answeredByAiDefault(talent.chatMessageSuggestions),
  starters: talent.chatMessageSuggestions.map((starter) => ({
    key: starter.id,
    id: starter.id,
    text: starter.text,
    answer: starter.answer ?? '',
  })),
});

const resolver = schemaResolver(conversationStartersSettingsSchema, { sync: true });
const validate = (values: Values) =>
  renameErrorPaths(
    resolver({ chatMessageSuggestions: startersForSave(values.starters, values.answeredByAi) }),
    'chatMessageSuggestions',
    'starters',
  );

/** /settings/conversation-starters: up to 3 questions fans can tap, answered by the AI or by you. */
export function ConversationStartersPage() {
  const query = useTalentSettings();
  return (
    <SettingsPage
      title="Conversation starters"
      description="Questions fans can tap to open a chat. Your twin answers them, or you write the answers."
      query={query}
    >
      {(talent) => <StartersForm talent={talent} />}
    </SettingsPage>
  );
}

function StartersForm({ talent }: { talent: TalentSettings }) {
  const form = useForm<Values>({ mode: 'controlled', initialValues: valuesOf(talent), validate });
  useSyncFormWithData(form, valuesOf(talent));
  const { update, saving } = useUpdateSettings();
  const { onSubmit: submit, error: otherError } = useServerForm(
    form,
    (values) => update({ chatMessageSuggestions: startersForSave(values.starters, values.answeredByAi) }),
    { fieldNames: { chatMessageSuggestions: 'starters' } },
  );

  const rows = form.values.starters;
  const full = rows.length >= conversationStartersMax;
  return (
    <SettingsForm
      onSubmit={submit}
      saving={saving}
      error={otherError ?? (form.errors.starters as string | undefined)}
      footer={
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={full}
          onClick={() => form.insertListItem('starters', { key: randomId(), text: '', answer: '' })}
        >
          Add question
        </Button>
      }
    >
      <Switch
        label="Answered by AI"
        description={
          form.values.answeredByAi
            ? 'Your twin answers each question in its own words.'
            : 'Fans get the answer you write for each question.'
        }
        size="md"
        {...form.getInputProps('answeredByAi', { type: 'checkbox' })}
      />
      {rows.length === 0 ? (
        <Paper radius="md" p="lg" bg="var(--mantine-color-gray-0)" ta="center">
          <IconMessageQuestion size={32} color="var(--mantine-color-gray-5)" />
          <Text fw={600} mt="xs">
            No conversation starters yet
          </Text>
          <Text size="sm" c="dimmed">
            Add up to {conversationStartersMax} questions fans can tap.
          </Text>
        </Paper>
      ) : (
        <Stack gap="md">
          {rows.map((row, index) => (
            <StarterFields
              key={row.key}
              index={index}
              inputProps={(field) => form.getInputProps(`starters.${index}.${field}`)}
              showAnswer={!form.values.answeredByAi}
              onRemove={() => form.removeListItem('starters', index)}
              questionPlaceholder="What do you do for fun?"
            />
          ))}
        </Stack>
      )}
      {full && (
        <Text size="xs" c="dimmed">
          Up to {conversationStartersMax} questions.
        </Text>
      )}
    </SettingsForm>
  );
}
