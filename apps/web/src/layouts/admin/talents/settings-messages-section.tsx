import { adminChatMessageTextMax, welcomeMessagesMax, welcomeMessageTextMax } from '@doppel/validation';
import { ActionIcon, Group, Image, NativeSelect, Paper, Stack, Text, Textarea } from '@mantine/core';
import { randomId } from '@mantine/hooks';
import { IconTrash } from '@tabler/icons-react';
import { FormCard } from '../../../kit/form-card.tsx';
import { ListFooter } from './list-footer.tsx';
import type { SectionProps } from './settings-section.tsx';

const chatMessages = [
  {
    field: 'chatMessageForAuth',
    label: 'Message asking to sign in',
    description: 'Sent when an anonymous fan must sign in to go on',
  },
  {
    field: 'chatMessageForCheckout',
    label: 'Message asking to buy credits',
    description: 'Sent when a fan runs out of credits',
  },
  {
    field: 'chatMessageForSubscription',
    label: 'Message asking to subscribe',
    description: 'Sent when a fan is offered the subscription',
  },
] as const;

/** Messages: what the twin says at sign-in, checkout and subscription, and its welcome messages. */
export function MessagesSection({ form, talent }: SectionProps) {
  const rows = form.values.initialChatMessages;
  // The first stored welcome message cannot be removed (docs/product-rules.md#settings-pages); its text and image may change.
  const firstStoredId = talent.initialChatMessages[0]?.id;
  const imageOptions = welcomeImageOptions(talent);
  const urlOf = new Map(imageOptions.map((option) => [option.value, option.url]));
  const listError = form.errors.initialChatMessages;

  return (
    <FormCard title="Messages" description="Fixed messages the twin sends. Empty ones are not sent.">
      {chatMessages.map(({ field, label, description }) => (
        <Textarea
          key={field}
          label={label}
          description={description}
          autosize
          minRows={2}
          maxRows={8}
          maxLength={adminChatMessageTextMax}
          {...form.getInputProps(field)}
        />
      ))}
      <Stack gap="sm">
        <div>
          <Text fw={600} size="sm">
            Welcome messages
          </Text>
          <Text size="xs" c="dimmed">
            Up to {welcomeMessagesMax}, sent when a fan opens the chat; the first cannot be removed.
          </Text>
        </div>
        {rows.length === 0 && (
          <Text size="sm" c="dimmed">
            No welcome message yet.
          </Text>
        )}
        {rows.map((row, index) => {
          const locked = index === 0 && row.id !== undefined && row.id === firstStoredId;
          const imageUrl = urlOf.get(row.imagePath);
          return (
            <Paper key={row.key} withBorder radius="md" p="sm" data-testid="welcome-message-row">
              <Stack gap="xs">
                <Group gap="xs" align="flex-start" wrap="nowrap">
                  <Textarea
                    label={`Welcome message ${index + 1}`}
                    autosize
                    minRows={2}
                    maxRows={8}
                    maxLength={welcomeMessageTextMax}
                    style={{ flex: 1 }}
                    {...form.getInputProps(`initialChatMessages.${index}.text`)}
                  />
                  {!locked && (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mt={26}
                      size="lg"
                      aria-label={`Remove welcome message ${index + 1}`}
                      onClick={() => form.removeListItem('initialChatMessages', index)}
                    >
                      <IconTrash size={18} />
                    </ActionIcon>
                  )}
                </Group>
                <Group gap="sm" align="flex-end" wrap="nowrap">
                  <NativeSelect
                    label={`Image of welcome message ${index + 1}`}
                    data={[{ value: '', label: 'No image' }, ...imageOptions.map(({ value, label }) => ({ value, label }))]}
                    style={{ flex: 1, minWidth: 0 }}
                    {...form.getInputProps(`initialChatMessages.${index}.imagePath`)}
                  />
                  {imageUrl && <Image src={imageUrl} alt="" w={48} h={48} radius="sm" fit="cover" />}
                </Group>
              </Stack>
            </Paper>
          );
        })}
        <ListFooter
          error={listError}
          addLabel="Add welcome message"
          full={rows.length >= welcomeMessagesMax}
          onAdd={() => form.insertListItem('initialChatMessages', { key: randomId(), text: '', imagePath: '' })}
        />
      </Stack>
    </FormCard>
  );
}

/** A welcome message's image: one of the gallery's, or the one it already has (any twin file). */
function welcomeImageOptions(talent: SectionProps['talent']): Array<{ value: string; label: string; url: string }> {
  const gallery = talent.staticAttachments.map((image, index) => ({
    value: image.filePath,
    label: `Gallery image ${index + 1}: ${image.context || image.originalFileName}`,
    url: image.url,
  }));
  const galleryPaths = new Set(gallery.map((option) => option.value));
  const current = talent.initialChatMessages.flatMap((message) =>
    message.image && !galleryPaths.has(message.image.filePath)
      ? [{ value: message.image.filePath, label: 'Current image (not in the gallery)', url: message.image.url }]
      : [],
  );
  return [...gallery, ...current.filter((option, index) => current.findIndex((o) => o.value === option.value) === index)];
}
