import { type TelegramLinkBotInput, type TelegramSettings, telegramLinkBotInput } from '@doppel/validation';
import { Alert, Anchor, Button, Group, List, Paper, PasswordInput, Stack, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconBrandTelegram, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { describeError } from '../../../errors/describe-error.ts';
import { handleError } from '../../../errors/handle-error.ts';
import { useServerForm } from '../../../kit/use-server-form.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { useTalentContext, useTalentLive } from '../talent-context.ts';
import { SettingsForm, SettingsPage } from './settings-page.tsx';

/** /settings/telegram: link a Telegram bot so fans chat with the twin in Telegram (docs/telegram.md). */
export function TelegramPage() {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const query = trpc.talent.telegram.get.useQuery({ talentId });
  useTalentLive(talentId, () => void utils.talent.telegram.get.invalidate({ talentId }));
  return (
    <SettingsPage
      title="Telegram"
      description="Fans chat with your twin in Telegram, with the same credits, memories and boundaries as on Doppel."
      query={query}
    >
      {(settings) =>
        !settings.available ? (
          <Alert color="gray" variant="light" icon={<IconInfoCircle />} data-testid="telegram-unavailable">
            Telegram is off on this server: Telegram can only deliver messages to a server with a public https:// address. The
            operator turns it on by setting PUBLIC_URL to that address.
          </Alert>
        ) : settings.bot ? (
          <LinkedBot bot={settings.bot} />
        ) : (
          <LinkBotForm />
        )
      }
    </SettingsPage>
  );
}

function LinkedBot({ bot }: { bot: NonNullable<TelegramSettings['bot']> }) {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const unlink = trpc.talent.telegram.unlink.useMutation();
  const [error, setError] = useState<string | null>(null);
  const onUnlink = () => {
    setError(null);
    unlink
      .mutateAsync({ talentId })
      .then((saved) => utils.talent.telegram.get.setData({ talentId }, saved))
      .catch((failure: unknown) => {
        setError(describeError(failure).message);
        handleError(failure, { notify: false });
      });
  };
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconBrandTelegram size={22} />
          <Text fw={600} data-testid="telegram-bot">
            @{bot.username}
          </Text>
        </Group>
        <Text size="sm" c="dimmed">
          Your twin answers everyone who writes to{' '}
          <Anchor href={`https://t.me/${bot.username}`} target="_blank" rel="noreferrer">
            t.me/{bot.username}
          </Anchor>
          . Share that link with your fans. Linked {new Date(bot.linkedAt).toLocaleDateString()}.
        </Text>
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {error}
          </Alert>
        )}
        <Group>
          <Button variant="light" color="red" onClick={onUnlink} loading={unlink.isPending}>
            Unlink bot
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function LinkBotForm() {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const form = useForm<TelegramLinkBotInput>({
    mode: 'controlled',
    initialValues: { token: '' },
    validate: schemaResolver(telegramLinkBotInput, { sync: true }),
  });
  const mutation = trpc.talent.telegram.link.useMutation();
  const { onSubmit, error } = useServerForm(form, (values) => mutation.mutateAsync({ talentId, ...values }), {
    savedMessage: 'Telegram bot linked',
    onSaved: (saved) => utils.talent.telegram.get.setData({ talentId }, saved),
  });
  return (
    <SettingsForm onSubmit={onSubmit} saving={mutation.isPending} error={error} submitLabel="Link bot">
      <List size="sm" spacing={4} type="ordered">
        <List.Item>
          In Telegram, open{' '}
          <Anchor href="https://t.me/BotFather" target="_blank" rel="noreferrer">
            @BotFather
          </Anchor>{' '}
          and send /newbot (or /mybots to pick one you have).
        </List.Item>
        <List.Item>Copy the token it gives you and paste it here.</List.Item>
      </List>
      <PasswordInput
        label="Bot token"
        description="Telegram checks it before anything is saved. It stays on our server and is never shown again."
        placeholder="123456789:AAE…"
        size="md"
        autoComplete="off"
        data-testid="telegram-token"
        {...form.getInputProps('token')}
      />
    </SettingsForm>
  );
}
