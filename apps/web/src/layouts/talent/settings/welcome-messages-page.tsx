import {
  type TalentSettings,
  welcomeMessagesMax,
  welcomeMessagesSettingsSchema,
  welcomeMessageTextMax,
} from '@doppel/validation';
import { ActionIcon, Badge, Button, CloseButton, FileButton, Group, Image, Paper, Stack, Text, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { IconMessageCircle, IconPhotoPlus, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { describeError } from '../../../errors/describe-error.ts';
import { checkImageFile, imageAccept, toUploadFile } from '../../../forms/image-file.ts';
import { useSyncFormWithData } from '../../../forms/use-sync-form-with-data.ts';
import { HoverTooltip } from '../../../kit/hover-tooltip.tsx';
import { useServerForm } from '../../../kit/use-server-form.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { useTalentContext } from '../talent-context.ts';
import { renameErrorPaths } from './form-errors.ts';
import { SettingsForm, SettingsPage } from './settings-page.tsx';
import { useTalentSettings, useUpdateSettings } from './use-talent-settings.ts';

type Row = { key: string; id?: string; text: string; image: { filePath: string; url: string } | null };
type Values = { messages: Row[] };

const valuesOf = (talent: TalentSettings): Values => ({
  messages: talent.initialChatMessages.map((message) => ({
    key: message.id,
    id: message.id,
    text: message.text,
    image: message.image ? { filePath: message.image.filePath, url: message.image.url } : null,
  })),
});

/** The list as `talent.update` takes it. */
const toInput = (values: Values) => ({
  initialChatMessages: values.messages.map((row) => ({
    ...(row.id ? { id: row.id } : {}),
    text: row.text,
    image: row.image ? { filePath: row.image.filePath } : null,
  })),
});

const resolver = schemaResolver(welcomeMessagesSettingsSchema, { sync: true });
const validate = (values: Values) => renameErrorPaths(resolver(toInput(values)), 'initialChatMessages', 'messages');

/** /settings/welcome-messages: up to 3 greetings, each with an optional image; the first stays. */
export function WelcomeMessagesPage() {
  const query = useTalentSettings();
  return (
    <SettingsPage
      title="Welcome messages"
      description="What a fan reads when they open a chat with your twin. The first message always stays."
      query={query}
    >
      {(talent) => <WelcomeForm talent={talent} />}
    </SettingsPage>
  );
}

function WelcomeForm({ talent }: { talent: TalentSettings }) {
  const form = useForm<Values>({ mode: 'controlled', initialValues: valuesOf(talent), validate });
  useSyncFormWithData(form, valuesOf(talent));
  const { update, saving } = useUpdateSettings();
  const { onSubmit: submit, error: otherError } = useServerForm(form, (values) => update(toInput(values)), {
    fieldNames: { initialChatMessages: 'messages' },
  });

  const rows = form.values.messages;
  const full = rows.length >= welcomeMessagesMax;
  return (
    <SettingsForm
      onSubmit={submit}
      saving={saving}
      error={otherError ?? (form.errors.messages as string | undefined)}
      footer={
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={full}
          onClick={() => form.insertListItem('messages', { key: randomId(), text: '', image: null })}
        >
          Add message
        </Button>
      }
    >
      {rows.length === 0 ? (
        <Paper radius="md" p="lg" bg="var(--mantine-color-gray-0)" ta="center">
          <IconMessageCircle size={32} color="var(--mantine-color-gray-5)" />
          <Text fw={600} mt="xs">
            No welcome messages yet
          </Text>
          <Text size="sm" c="dimmed">
            Add up to {welcomeMessagesMax} messages your twin greets fans with.
          </Text>
        </Paper>
      ) : (
        <Stack gap="md">
          {rows.map((row, index) => (
            <Paper key={row.key} withBorder radius="md" p="md" data-testid="welcome-row">
              <Stack gap="sm">
                <Group justify="space-between" wrap="nowrap">
                  <Group gap={6}>
                    <Text fw={600} size="sm">
                      Message {index + 1}
                    </Text>
                    {index === 0 && (
                      <Badge size="xs" variant="light">
                        Cannot be removed
                      </Badge>
                    )}
                  </Group>
                  {index > 0 && (
                    <HoverTooltip label="Remove message" withArrow>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove message ${index + 1}`}
                        onClick={() => form.removeListItem('messages', index)}
                      >
                        <IconTrash size={18} />
                      </ActionIcon>
                    </HoverTooltip>
                  )}
                </Group>
                <Textarea
                  aria-label={`Message ${index + 1}`}
                  placeholder="Hey! So happy you are here. What should we talk about?"
                  autosize
                  minRows={2}
                  maxRows={8}
                  maxLength={welcomeMessageTextMax}
                  {...form.getInputProps(`messages.${index}.text`)}
                />
                <MessageImage
                  index={index}
                  image={row.image}
                  onChange={(image) => form.setFieldValue(`messages.${index}.image`, image)}
                />
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
    </SettingsForm>
  );
}

/** A welcome message's optional image: uploaded for the twin at once, saved with the messages. */
function MessageImage({
  index,
  image,
  onChange,
}: {
  index: number;
  image: Row['image'];
  onChange: (image: Row['image']) => void;
}) {
  const { talentId } = useTalentContext();
  const upload = trpc.files.upload.useMutation();
  const [error, setError] = useState<string | null>(null);

  const choose = async (file: File | null) => {
    if (!file) return;
    const problem = checkImageFile(file);
    setError(problem);
    if (problem) return;
    try {
      const uploaded = await upload.mutateAsync({
        ownerType: 'TALENT',
        ownerId: talentId,
        purpose: 'gallery',
        file: await toUploadFile(file),
      });
      onChange({ filePath: uploaded.filePath, url: uploaded.url });
    } catch (failure) {
      setError(describeError(failure).message);
    }
  };

  return (
    <Stack gap={6}>
      {image ? (
        <Group gap="sm" align="flex-start" wrap="nowrap">
          <Image src={image.url} alt={`Image of message ${index + 1}`} w={96} h={96} radius="md" fit="cover" />
          <CloseButton aria-label={`Remove the image of message ${index + 1}`} onClick={() => onChange(null)} />
        </Group>
      ) : (
        <FileButton
          onChange={(file) => void choose(file)}
          accept={imageAccept}
          inputProps={{ 'aria-label': `Image file for message ${index + 1}` }}
        >
          {(props) => (
            <Button
              {...props}
              variant="subtle"
              size="xs"
              leftSection={<IconPhotoPlus size={16} />}
              loading={upload.isPending}
              w="fit-content"
            >
              Add an image (optional)
            </Button>
          )}
        </FileButton>
      )}
      {error && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
