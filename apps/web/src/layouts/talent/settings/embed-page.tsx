import { type EmbedSettings, type EmbedSettingsInput, embedOriginsMax, embedSettingsInput } from '@doppel/validation';
import { List, Paper, Stack, TagsInput, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useSyncFormWithData } from '../../../forms/use-sync-form-with-data.ts';
import { useServerForm } from '../../../kit/use-server-form.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { CopyField } from '../copy-field.tsx';
import { useTalentContext, useTalentLive } from '../talent-context.ts';
import { SettingsForm, SettingsPage } from './settings-page.tsx';

/** The line the creator pastes into their site: the loader served by this server (docs/embed.md). */
export function embedSnippet(serverOrigin: string, tag: string): string {
  return `<script async src="${serverOrigin}/embed.js" data-twin="${tag}"></script>`;
}

/** /settings/embed: the snippet that puts the twin's chat on the creator's own site, and the sites allowed to show it. */
export function EmbedPage() {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const query = trpc.talent.embed.get.useQuery({ talentId });
  useTalentLive(talentId, () => void utils.talent.embed.get.invalidate({ talentId }));
  return (
    <SettingsPage
      title="Your website"
      description="Put a chat bubble on your own site: fans chat with your twin there as on your Doppel page, with the same credits."
      query={query}
    >
      {(settings) => (
        <Stack gap="lg">
          <SnippetCard settings={settings} />
          <AllowedSitesForm settings={settings} />
        </Stack>
      )}
    </SettingsPage>
  );
}

function SnippetCard({ settings }: { settings: EmbedSettings }) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Text fw={600}>1. Paste this line into your site</Text>
        <Text size="sm" c="dimmed">
          Anywhere in the page, for example just before the closing body tag. It adds a round chat button in the bottom corner;
          the chat opens when a fan taps it, so your page loads as fast as before.
        </Text>
        <CopyField label="Embed snippet" value={embedSnippet(window.location.origin, settings.tag)} />
      </Stack>
    </Paper>
  );
}

/** The list's own error, or the first of its sites' ("origins.2"): the field shows one message. */
function originsError(errors: Record<string, unknown>): string | undefined {
  const key = Object.keys(errors).find((name) => name === 'origins' || name.startsWith('origins.'));
  return key === undefined ? undefined : String(errors[key]);
}

function AllowedSitesForm({ settings }: { settings: EmbedSettings }) {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const initial: EmbedSettingsInput = { origins: settings.origins };
  const form = useForm<EmbedSettingsInput>({
    mode: 'controlled',
    initialValues: initial,
    validate: schemaResolver(embedSettingsInput, { sync: true }),
  });
  useSyncFormWithData(form, initial);
  const mutation = trpc.talent.embed.update.useMutation();
  const { onSubmit: submit, error: otherError } = useServerForm(
    form,
    (values) => mutation.mutateAsync({ talentId, ...embedSettingsInput.parse(values) }),
    {
      onSaved: (saved) => {
        utils.talent.embed.get.setData({ talentId }, saved);
        form.resetDirty({ origins: saved.origins });
      },
    },
  );
  return (
    <SettingsForm onSubmit={submit} saving={mutation.isPending} error={otherError}>
      <Text fw={600}>2. Say where it may appear</Text>
      <TagsInput
        label="Your sites"
        description={`The addresses of the sites that show the chat, such as https://example.com. Press Enter after each one, at most ${embedOriginsMax}.`}
        placeholder="https://example.com"
        size="md"
        maxTags={embedOriginsMax}
        clearable
        data-testid="embed-origins"
        {...form.getInputProps('origins')}
        error={originsError(form.errors)}
      />
      <List size="sm" c="dimmed" spacing={4}>
        <List.Item>Other sites cannot show your twin&apos;s chat: browsers refuse it.</List.Item>
        <List.Item>With no site listed, the chat is shown only on Doppel.</List.Item>
        <List.Item>Buying credits opens Doppel&apos;s payment page in a new tab.</List.Item>
      </List>
    </SettingsForm>
  );
}
