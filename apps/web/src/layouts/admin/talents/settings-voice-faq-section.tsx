import { NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import { genderLabels } from '../../../forms/option-labels.ts';
import { FormCard } from '../../../kit/form-card.tsx';
import type { SectionProps } from './settings-section.tsx';

/**
 * Voice and FAQ: a catalogue voice of the gender chosen above or none (the server's one voice rule,
 * domain talent/voice-snapshot.ts), and the FAQ the twin answers from.
 */
export function VoiceFaqSection({ form, talent }: SectionProps) {
  const { voices, faqs } = talent.options;
  const gender = form.values.gender;
  const voiceOptions = voices
    .filter((voice) => voice.gender === gender)
    .map((voice) => ({ value: voice.id, label: `${voice.name} (${genderLabels[voice.gender]})` }));
  // The stored copy of a voice the catalogue no longer lists can be kept (its tuned settings stay).
  if (talent.voice && talent.voice.gender === gender && !voices.some((voice) => voice.id === talent.voice?.id)) {
    voiceOptions.push({ value: talent.voice.id, label: `${talent.voice.name} (kept, no longer in the catalogue)` });
  }
  const selectedVoice = voices.find((voice) => voice.id === form.values.voiceId);
  const sampleUrl = selectedVoice
    ? selectedVoice.sampleUrl
    : form.values.voiceId === talent.voice?.id
      ? talent.voice?.sampleUrl
      : null;

  return (
    <FormCard title="Voice and FAQ" description="How the twin sounds in voice notes, and the answers it can look up.">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Stack gap={6}>
          <NativeSelect
            label="Voice"
            data={[{ value: '', label: 'No voice' }, ...voiceOptions]}
            {...form.getInputProps('voiceId')}
          />
          {sampleUrl && (
            // biome-ignore lint/a11y/useMediaCaption: a voice sample has no words to caption.
            <audio controls preload="none" src={sampleUrl} aria-label="Voice sample" style={{ width: '100%', height: 36 }} />
          )}
          {voices.length === 0 && (
            <Text size="xs" c="dimmed">
              The voice catalogue is empty; add voices on the App page.
            </Text>
          )}
        </Stack>
        <NativeSelect
          label="FAQ"
          description="A shared FAQ or the twin's own (Faq tab)"
          data={[
            { value: '', label: 'No FAQ' },
            ...faqs.map((faq) => ({ value: faq.id, label: faq.isOwn ? `${faq.name} (this twin's)` : faq.name })),
            ...(talent.faqId && !faqs.some((faq) => faq.id === talent.faqId)
              ? [{ value: talent.faqId, label: 'Unknown FAQ' }]
              : []),
          ]}
          {...form.getInputProps('faqId')}
        />
      </SimpleGrid>
    </FormCard>
  );
}
