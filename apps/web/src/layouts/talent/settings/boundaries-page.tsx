import { type BoundarySettings, blockedTopicsMax, boundarySettings, type ContentLevel, contentLevels } from '@doppel/validation';
import { Badge, Group, Paper, Radio, Stack, TagsInput, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useSyncFormWithData } from '../../../forms/use-sync-form-with-data.ts';
import { useServerForm } from '../../../kit/use-server-form.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { useTalentContext, useTalentLive } from '../talent-context.ts';
import { SettingsForm, SettingsPage } from './settings-page.tsx';

const levelLabels: Record<ContentLevel, { label: string; description: string }> = {
  SAFE: { label: 'Safe', description: 'Friendly and clean. Always the level for fans who say they are under 18.' },
  SUGGESTIVE: { label: 'Suggestive', description: 'Flirting and innuendo, nothing explicit.' },
  ADULT: { label: 'Adult', description: 'Explicit content with adult fans.' },
};

/** /settings/boundaries: topics the twin never engages with, its content level, and what was refused. */
export function BoundariesPage() {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const query = trpc.talent.boundaries.get.useQuery({ talentId });
  useTalentLive(talentId, () => {
    void utils.talent.boundaries.get.invalidate({ talentId });
    void utils.talent.boundaryFlags.list.invalidate({ talentId });
  });
  return (
    <SettingsPage
      title="Boundaries"
      description="Your twin politely declines these topics and anything beyond its content level. Refused messages are free for fans."
      query={query}
    >
      {(settings) => (
        <Stack gap="lg">
          <BoundariesForm settings={settings} />
          <FlaggedMessages />
        </Stack>
      )}
    </SettingsPage>
  );
}

function BoundariesForm({ settings }: { settings: BoundarySettings }) {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const form = useForm<BoundarySettings>({
    mode: 'controlled',
    initialValues: settings,
    validate: schemaResolver(boundarySettings, { sync: true }),
  });
  useSyncFormWithData(form, settings);
  const mutation = trpc.talent.boundaries.update.useMutation();

  const { onSubmit: submit, error: otherError } = useServerForm(
    form,
    (values) => mutation.mutateAsync({ talentId, ...boundarySettings.parse(values) }),
    {
      onSaved: (saved) => {
        utils.talent.boundaries.get.setData({ talentId }, saved);
        form.resetDirty(saved);
      },
    },
  );

  return (
    <SettingsForm onSubmit={submit} saving={mutation.isPending} error={otherError}>
      <TagsInput
        label="Topics your twin never talks about"
        description={`Press Enter after each one, at most ${blockedTopicsMax}. For example: politics, my ex, religion.`}
        placeholder="Add a topic"
        size="md"
        maxTags={blockedTopicsMax}
        clearable
        data-testid="blocked-topics"
        {...form.getInputProps('blockedTopics')}
      />
      <Radio.Group label="Content level" size="md" {...form.getInputProps('contentLevel')}>
        <Stack gap="sm" mt="xs">
          {contentLevels.map((level) => (
            <Radio key={level} value={level} label={levelLabels[level].label} description={levelLabels[level].description} />
          ))}
        </Stack>
      </Radio.Group>
    </SettingsForm>
  );
}

const reasonLabels = {
  TOPIC: 'Topic',
  CONTENT_LEVEL: 'Content level',
  MINOR: 'Under 18',
  MODERATION: 'Moderation',
  CRISIS: 'Crisis: safety reply sent',
} as const;

/** The newest messages your twin refused, so the creator sees what fans asked for. */
function FlaggedMessages() {
  const { talentId } = useTalentContext();
  const flags = trpc.talent.boundaryFlags.list.useQuery({ talentId, limit: 20 });
  if (!flags.data) return null;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>Flagged messages</Text>
          <Badge variant="light" data-testid="flag-count">
            {flags.data.total}
          </Badge>
        </Group>
        {flags.data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nothing refused yet.
          </Text>
        ) : (
          flags.data.items.map((flag) => (
            <Group key={flag.id} justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm" lineClamp={2} style={{ minWidth: 0 }}>
                {flag.messageText}
              </Text>
              <Badge variant="outline" color={flag.side === 'TWIN' ? 'grape' : 'orange'} style={{ flexShrink: 0 }}>
                {flag.side === 'TWIN' ? 'Reply' : 'Fan'} · {reasonLabels[flag.reason]}
                {flag.matched && flag.reason === 'TOPIC' ? `: ${flag.matched}` : ''}
              </Badge>
            </Group>
          ))
        )}
      </Stack>
    </Paper>
  );
}
