import { noVoiceId, type TalentSettings, type VoiceOption } from '@doppel/validation';
import { Alert, Badge, Button, Group, Paper, Radio, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconMicrophoneOff } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { LoadingPanel } from '../../../components/loading-panel.tsx';
import { SamplePlayButton } from '../../../components/sample-play-button.tsx';
import { describeError } from '../../../errors/describe-error.ts';
import { genderLabels } from '../../../forms/option-labels.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { useTalentContext, useTalentLive } from '../talent-context.ts';
import { SettingsHeader } from './settings-page.tsx';
import { showSaved } from './use-talent-settings.ts';

/** /settings/voice: the voices for the twin's gender, "No voice" first, with previews; "Choose Voice" saves. */
export function VoicePage() {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const talent = trpc.talent.get.useQuery({ talentId });
  const voices = trpc.talent.voice.list.useQuery({ talentId });
  useTalentLive(talentId, () => {
    void utils.talent.get.invalidate({ talentId });
    void utils.talent.voice.list.invalidate({ talentId });
  });

  const failed = talent.isError ? talent : voices.isError ? voices : null;
  return (
    <Stack gap="lg">
      <SettingsHeader title="Voice" description="The voice your twin speaks with in voice notes." />
      {failed ? (
        <ErrorAlert error={failed.error} onRetry={() => void failed.refetch()} />
      ) : !talent.data || !voices.data ? (
        <LoadingPanel />
      ) : (
        <VoiceForm talent={talent.data} voices={voices.data} />
      )}
    </Stack>
  );
}

function VoiceForm({ talent, voices }: { talent: TalentSettings; voices: VoiceOption[] }) {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const stored = talent.voice?.id ?? noVoiceId;
  const [choice, setChoice] = useState<string>(stored);
  const [touched, setTouched] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const setVoice = trpc.talent.voice.set.useMutation();

  // A voice chosen elsewhere shows here, unless the creator is choosing one right now.
  useEffect(() => {
    if (!touched) setChoice(stored);
  }, [stored, touched]);

  const submit = () => {
    setError(null);
    setVoice.mutate(
      { talentId, voiceId: choice },
      {
        onSuccess: () => {
          showSaved();
          setTouched(false);
          void utils.talent.get.invalidate({ talentId });
          void utils.talent.dashboard.home.invalidate({ talentId });
        },
        onError: (failure) => {
          const described = describeError(failure);
          setError(described.fieldErrors?.voiceId?.[0] ?? (described.fieldErrors ? null : described.message));
        },
      },
    );
  };

  const listed = voices.length > 0 ? voices : [{ id: noVoiceId, name: 'No voice', gender: 'NEUTRAL' as const, sampleUrl: null }];
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="md">
        {talent.gender && (
          <Text size="sm" c="dimmed">
            Voices for a {genderLabels[talent.gender].toLowerCase()} twin.
          </Text>
        )}
        <Radio.Group
          value={choice}
          onChange={(value) => {
            setChoice(value);
            setTouched(true);
          }}
          name="voice"
          aria-label="Voice"
        >
          <Stack gap="xs">
            {listed.map((voice) => (
              <VoiceRow key={voice.id || 'none'} voice={voice} selected={choice === voice.id} current={stored === voice.id} />
            ))}
          </Stack>
        </Radio.Group>
        {listed.length === 1 && (
          <Text size="sm" c="dimmed">
            No voices are offered for this gender yet.
          </Text>
        )}
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button onClick={submit} loading={setVoice.isPending} miw={160}>
            Choose Voice
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function VoiceRow({ voice, selected, current }: { voice: VoiceOption; selected: boolean; current: boolean }) {
  return (
    <Paper
      withBorder
      radius="md"
      px="md"
      py="sm"
      style={{ borderColor: selected ? 'var(--mantine-color-doppel-5)' : undefined }}
      bg={selected ? 'var(--mantine-color-doppel-0)' : undefined}
    >
      <Group justify="space-between" wrap="nowrap">
        <Radio
          value={voice.id}
          label={
            <Group gap={6} wrap="nowrap">
              {voice.id === noVoiceId && <IconMicrophoneOff size={16} />}
              <span>{voice.name}</span>
              {current && (
                <Badge size="xs" variant="light" color="teal">
                  Current
                </Badge>
              )}
            </Group>
          }
        />
        {voice.sampleUrl && <SamplePlayButton url={voice.sampleUrl} label={voice.name} />}
      </Group>
    </Paper>
  );
}
