import { imageContextFormSchema, imageContextMax, type StaticAttachmentView, talentMessages } from '@doppel/validation';
import { ActionIcon, Box, Button, Center, CloseButton, Group, Image, Modal, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useEffect } from 'react';
import { describeError, firstFieldErrors } from '../../../errors/describe-error.ts';
import { useSyncFormWithData } from '../../../forms/use-sync-form-with-data.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { useTalentContext } from '../talent-context.ts';

/** Previous and next around `index` in a list of `length`, or null at either end. */
export function neighbours(length: number, index: number): { previous: number | null; next: number | null } {
  if (index < 0) return { previous: null, next: null };
  return { previous: index > 0 ? index - 1 : null, next: index < length - 1 ? index + 1 : null };
}

/**
 * The full-screen image editor opened by `?attachmentId=` (docs/product-rules.md#settings-pages): the image, previous and next
 * (buttons and arrow keys), and its context (3 to 40 characters, "Updated Context" when saved).
 */
export function GalleryEditor({
  images,
  openId,
  onNavigate,
  onClose,
}: {
  images: StaticAttachmentView[];
  openId: string;
  onNavigate: (id: string) => void;
  onClose: () => void;
}) {
  const index = images.findIndex((image) => image.id === openId);
  const image = images[index];
  const { previous, next } = neighbours(images.length, index);
  const previousId = previous === null ? null : (images[previous]?.id ?? null);
  const nextId = next === null ? null : (images[next]?.id ?? null);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target && ['INPUT', 'TEXTAREA'].includes(target.tagName)) return;
      if (event.key === 'ArrowLeft' && previousId) onNavigate(previousId);
      if (event.key === 'ArrowRight' && nextId) onNavigate(nextId);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [previousId, nextId, onNavigate]);

  return (
    <Modal
      opened
      onClose={onClose}
      fullScreen
      withCloseButton={false}
      padding={0}
      transitionProps={{ duration: 0 }}
      aria-label="Image editor"
      styles={{ body: { height: '100dvh', background: '#111' }, content: { background: '#111' } }}
    >
      <Stack h="100dvh" gap={0} data-testid="gallery-editor">
        <Group justify="space-between" px="md" py="sm" wrap="nowrap">
          <Text c="gray.3" size="sm" truncate="end">
            {image ? `${index + 1} of ${images.length} · ${image.originalFileName}` : 'Image not found'}
          </Text>
          <CloseButton variant="transparent" c="white" size="lg" aria-label="Close editor" onClick={onClose} />
        </Group>
        <Box pos="relative" style={{ flex: 1, minHeight: 0 }}>
          {image ? (
            <Center h="100%" px={{ base: 'xs', sm: 72 }}>
              <Image
                src={image.url}
                alt={image.context || image.originalFileName}
                fit="contain"
                h="100%"
                mah="100%"
                w="auto"
                maw="100%"
                style={{ objectFit: 'contain' }}
              />
            </Center>
          ) : (
            <Center h="100%">
              <Text c="gray.4">This image is no longer in the gallery.</Text>
            </Center>
          )}
          <NavButton side="left" disabled={!previousId} onClick={() => previousId && onNavigate(previousId)} />
          <NavButton side="right" disabled={!nextId} onClick={() => nextId && onNavigate(nextId)} />
        </Box>
        {image && <ContextForm key={image.id} image={image} />}
      </Stack>
    </Modal>
  );
}

function NavButton({ side, disabled, onClick }: { side: 'left' | 'right'; disabled: boolean; onClick: () => void }) {
  return (
    <ActionIcon
      pos="absolute"
      top="50%"
      style={{ transform: 'translateY(-50%)', [side]: 12 }}
      size={44}
      radius="xl"
      variant="white"
      color="dark"
      opacity={disabled ? 0.3 : 0.9}
      disabled={disabled}
      onClick={onClick}
      aria-label={side === 'left' ? 'Previous image' : 'Next image'}
    >
      {side === 'left' ? <IconChevronLeft size={24} /> : <IconChevronRight size={24} />}
    </ActionIcon>
  );
}

function ContextForm({ image }: { image: StaticAttachmentView }) {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const form = useForm({
    mode: 'controlled',
    initialValues: { context: image.context },
    validate: schemaResolver(imageContextFormSchema, { sync: true }),
  });
  const update = trpc.talent.gallery.update.useMutation();

  // A context changed elsewhere shows here unless the creator is typing.
  useSyncFormWithData(form, { context: image.context });

  const submit = form.onSubmit((values) => {
    const { context } = imageContextFormSchema.parse(values);
    update.mutate(
      { talentId, staticAttachmentId: image.id, context },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: talentMessages.contextUpdated, autoClose: 3_000 });
          form.resetDirty({ context });
          void utils.talent.get.invalidate({ talentId });
        },
        onError: (error) => form.setErrors(firstFieldErrors(describeError(error).fieldErrors)),
      },
    );
  });

  return (
    <Box bg="white" p="md" style={{ borderTopLeftRadius: 16, borderTopRightRadius: 16 }}>
      <form onSubmit={submit} noValidate>
        <Group align="flex-start" gap="sm" wrap="nowrap" maw={640} mx="auto">
          <TextInput
            label="Context"
            description={`What the image shows, so your twin knows when to send it (${form.values.context.length}/${imageContextMax})`}
            placeholder="Me at the beach at sunset"
            style={{ flex: 1 }}
            {...form.getInputProps('context')}
          />
          <Button type="submit" mt={44} loading={update.isPending}>
            Save
          </Button>
        </Group>
      </form>
    </Box>
  );
}
