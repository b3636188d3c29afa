import type { StaticAttachmentView, TalentSettings } from '@doppel/validation';
import {
  ActionIcon,
  AspectRatio,
  Box,
  Button,
  Card,
  FileButton,
  Group,
  Image,
  Menu,
  Modal,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconDots, IconPencil, IconPhoto, IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { checkImageFile, imageAccept, toUploadFile } from '../../../forms/image-file.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { useTalentContext } from '../talent-context.ts';
import { batchFailureTitle } from './batch-upload.ts';
import { GalleryEditor } from './gallery-editor.tsx';
import { SettingsPage } from './settings-page.tsx';
import { UploadBatchStatus, useUploadBatch } from './upload-batch-status.tsx';
import { useTalentSettings } from './use-talent-settings.ts';

/** /settings/gallery: the images the twin may send, with upload, an editor and a context menu. */
export function GalleryPage() {
  const query = useTalentSettings();
  return (
    <SettingsPage
      title="Gallery"
      description="Images your twin can send to fans. Fans see a blurred copy until they unlock it."
      query={query}
    >
      {(talent) => <Gallery talent={talent} />}
    </SettingsPage>
  );
}

function Gallery({ talent }: { talent: TalentSettings }) {
  const [params, setParams] = useSearchParams();
  const [deleting, setDeleting] = useState<StaticAttachmentView | null>(null);
  const images = talent.staticAttachments;
  const openId = params.get('attachmentId');

  const open = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id) next.set('attachmentId', id);
        else next.delete('attachmentId');
        return next;
      },
      { replace: openId !== null && id !== null },
    );

  return (
    <Stack gap="md">
      <UploadBar count={images.length} />
      {images.length === 0 ? (
        <Paper withBorder radius="lg" p="xl" ta="center">
          <IconPhoto size={40} color="var(--mantine-color-gray-5)" />
          <Text fw={600} mt="xs">
            No images yet
          </Text>
          <Text size="sm" c="dimmed">
            Upload photos your twin can share. Add a short context so it knows when to send each one.
          </Text>
        </Paper>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="sm" data-testid="gallery-grid">
          {images.map((image) => (
            <GalleryTile key={image.id} image={image} onOpen={() => open(image.id)} onDelete={() => setDeleting(image)} />
          ))}
        </SimpleGrid>
      )}
      {openId && <GalleryEditor images={images} openId={openId} onNavigate={open} onClose={() => open(null)} />}
      <DeleteDialog image={deleting} onClose={() => setDeleting(null)} />
    </Stack>
  );
}

function GalleryTile({ image, onOpen, onDelete }: { image: StaticAttachmentView; onOpen: () => void; onDelete: () => void }) {
  return (
    <Card withBorder radius="md" padding={0} data-testid="gallery-tile" data-attachment-id={image.id}>
      <UnstyledButton onClick={onOpen} aria-label={`Open ${image.context || image.originalFileName}`}>
        <AspectRatio ratio={1}>
          <Image src={image.url} alt={image.context || image.originalFileName} fit="cover" />
        </AspectRatio>
      </UnstyledButton>
      <Group gap={4} wrap="nowrap" justify="space-between" px="xs" py={6}>
        <Text size="xs" c={image.context ? undefined : 'dimmed'} truncate="end" style={{ flex: 1, minWidth: 0 }}>
          {image.context || 'No context yet'}
        </Text>
        <Menu position="bottom-end" withinPortal shadow="md">
          <Menu.Target>
            <ActionIcon variant="subtle" color="gray" size="sm" aria-label="Image actions">
              <IconDots size={16} />
            </ActionIcon>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={onOpen}>
              Edit
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
              Delete
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
    </Card>
  );
}

/**
 * The multi-file upload: each file is stored (files.upload, purpose 'gallery': the original and a
 * blurred locked copy) and then added to the gallery; the failures of a batch are shown together.
 */
function UploadBar({ count }: { count: number }) {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const { progress, failures, uploadAll, dismiss } = useUploadBatch({
    handle: async (file) => {
      const uploaded = await utils.client.files.upload.mutate({
        ownerType: 'TALENT',
        ownerId: talentId,
        purpose: 'gallery',
        file: await toUploadFile(file),
      });
      await utils.client.talent.gallery.add.mutate({
        talentId,
        staticAttachment: {
          id: uploaded.id,
          type: 'IMAGE',
          originalFileName: file.name,
          filePath: uploaded.filePath,
          lockedFilePath: uploaded.lockedFilePath ?? '',
          dimensions: uploaded.dimensions,
        },
      });
      return uploaded.id;
    },
    check: checkImageFile,
    done: () => {
      void utils.talent.get.invalidate({ talentId });
      void utils.talent.dashboard.home.invalidate({ talentId });
    },
    label: 'Gallery upload',
    path: 'talent.gallery.add',
  });

  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {count === 1 ? '1 image' : `${count} images`}
        </Text>
        <FileButton
          multiple
          accept={imageAccept}
          onChange={(files) => void uploadAll(files)}
          inputProps={{ 'aria-label': 'Gallery image files' }}
        >
          {(props) => (
            <Button {...props} leftSection={<IconPhotoUp size={18} />} loading={progress !== null}>
              Upload images
            </Button>
          )}
        </FileButton>
      </Group>
      <UploadBatchStatus progress={progress} failures={failures} title={batchFailureTitle} onDismiss={dismiss} />
    </Stack>
  );
}

function DeleteDialog({ image, onClose }: { image: StaticAttachmentView | null; onClose: () => void }) {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const remove = trpc.talent.gallery.delete.useMutation({
    onSuccess: () => {
      onClose();
      void utils.talent.get.invalidate({ talentId });
      void utils.talent.dashboard.home.invalidate({ talentId });
    },
  });
  return (
    <Modal opened={image !== null} onClose={onClose} title="Delete this image?" centered radius="lg">
      <Stack gap="md">
        {image && (
          <Box maw={160} mx="auto">
            <Image src={image.url} alt={image.context || image.originalFileName} radius="md" />
          </Box>
        )}
        <Text size="sm">Your twin will no longer send this image to fans.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button
            color="red"
            loading={remove.isPending}
            onClick={() => image && remove.mutate({ talentId, staticAttachmentId: image.id })}
          >
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
