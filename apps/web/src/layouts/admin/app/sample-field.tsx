import { audioMimeTypes } from '@doppel/validation';
import { FileInput, Group, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { type ComponentProps, useState } from 'react';
import { SamplePlayButton } from '../../../components/sample-play-button.tsx';
import { describeError } from '../../../errors/describe-error.ts';
import { handleError } from '../../../errors/handle-error.ts';
import { toUploadFile } from '../../../forms/image-file.ts';
import { pictureSrc } from '../../../media/media-url.ts';
import { trpc } from '../../../trpc/trpc.ts';

/** Owner id of the admin's public files; PUBLIC uploads are admin content, not a talent's. */
const publicOwnerId = 'app';

/**
 * A voice's sample: choosing an .mp3 uploads it at once (files.upload, owner PUBLIC, purpose
 * voice-sample; the server checks the bytes are mp3) and puts its path in the form; a play/stop
 * button previews the current sample.
 */
export function SampleField({
  voiceLabel,
  path,
  error,
  onUploaded,
}: {
  /** Names the voice for the button labels, e.g. "Rachel" or "voice 3". */
  voiceLabel: string;
  path: string;
  error: string | undefined;
  onUploaded: (filePath: string) => void;
}) {
  const upload = trpc.files.upload.useMutation();
  const [uploadError, setUploadError] = useState<string | null>(null);

  const choose = async (file: File | null) => {
    if (!file) return;
    setUploadError(null);
    if (!file.name.toLowerCase().endsWith('.mp3')) {
      setUploadError('Please choose an MP3 file');
      return;
    }
    try {
      const uploaded = await upload.mutateAsync({
        ownerId: publicOwnerId,
        ownerType: 'PUBLIC',
        purpose: 'voice-sample',
        file: await toUploadFile(file),
      });
      onUploaded(uploaded.filePath);
    } catch (failure) {
      setUploadError(describeError(failure).message);
      handleError(failure, { notify: false });
    }
  };

  return (
    <div>
      <Group gap="xs" align="flex-end" wrap="nowrap">
        <FileInput
          label="Sample (mp3)"
          placeholder={path ? 'Replace (.mp3)' : 'Upload an .mp3'}
          accept={['.mp3', ...audioMimeTypes].join(',')}
          leftSection={<IconUpload size={16} />}
          value={null}
          onChange={(file) => void choose(file)}
          disabled={upload.isPending}
          error={uploadError ?? error}
          style={{ flex: 1, minWidth: 0 }}
          data-testid="voice-sample-button"
          // The hidden file input itself, for tests that set files directly.
          fileInputProps={{ 'data-testid': 'voice-sample-file' } as ComponentProps<'input'>}
        />
        {/* Keyed by the sample: a new upload gets a fresh player, the old one stops on unmount. */}
        {path && <SamplePlayButton key={path} url={pictureSrc(path) ?? path} label={`sample of ${voiceLabel}`} size={36} />}
      </Group>
      {upload.isPending && (
        <Text size="xs" c="dimmed" mt={4} role="status">
          Uploading…
        </Text>
      )}
      {path && !upload.isPending && (
        <Text size="xs" c="dimmed" mt={4} data-testid="voice-sample-path" style={{ overflowWrap: 'anywhere' }}>
          {path}
        </Text>
      )}
    </div>
  );
}
