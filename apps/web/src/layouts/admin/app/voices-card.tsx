import { appVoicesMax } from '@doppel/validation';
import { Button, Stack, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { FormCard } from '../../../kit/form-card.tsx';
import { type AppForm, newVoiceRow } from './app-form-values.ts';
import { GroupError } from './group-error.tsx';
import { VoiceRow } from './voice-row.tsx';

/** The voice catalogue creators pick from, in this order; "Add voice" starts from the defaults of docs/product-rules.md#constants-and-limits. */
export function VoicesCard({ form }: { form: AppForm }) {
  const { voices } = form.getValues();
  return (
    <FormCard title="Voices" description="The voices creators choose from, in this order. Samples are mp3 files.">
      {voices.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="voices-empty">
          No voices yet. Creators see only "No voice" until you add one.
        </Text>
      ) : (
        <Stack gap="md" data-testid="voice-list" data-count={voices.length}>
          {voices.map((voice, index) => (
            <VoiceRow key={voice.key} form={form} index={index} voice={voice} />
          ))}
        </Stack>
      )}
      <GroupError error={form.errors.voices} />
      <Button
        variant="light"
        leftSection={<IconPlus size={18} />}
        onClick={() => form.insertListItem('voices', newVoiceRow())}
        disabled={voices.length >= appVoicesMax}
        style={{ alignSelf: 'flex-start' }}
      >
        Add voice
      </Button>
    </FormCard>
  );
}
