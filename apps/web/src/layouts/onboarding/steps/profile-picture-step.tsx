import { messages } from '@doppel/validation';
import { Avatar, Button, FileButton, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconCamera, IconPhotoUp, IconTrash } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { describeError } from '../../../errors/describe-error.ts';
import { checkImageFile, imageAccept, toUploadFile, type UploadFile } from '../../../forms/image-file.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { StepFrame } from '../step-frame.tsx';
import { useDraftUpdate } from '../use-draft-update.ts';
import type { StepProps } from './step-props.ts';

/**
 * Step 2: an optional photo. Choosing one uploads it at once (files.upload, owner = the draft) and
 * saves its address on the draft; Continue without one records the skip (profilePictureUrl null).
 */
export function ProfilePictureStep({ state }: StepProps) {
  const draft = state.draft;
  const navigate = useNavigate();
  const upload = trpc.files.upload.useMutation();
  const [fileError, setFileError] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const update = useDraftUpdate(1, {
    setFieldErrors: (errors) => setFileError(errors.profilePictureUrl ?? null),
    fields: ['profilePictureUrl'],
  });
  const pictureUrl = preview ?? draft?.profilePictureUrl ?? null;

  useEffect(
    () => () => {
      if (preview?.startsWith('blob:')) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const choose = async (file: File | null) => {
    if (!file) return;
    setFileError(null);
    // Files belong to the draft: without one there is no owner to upload for (docs/product-rules.md#errors-and-success-messages wording).
    if (!draft) {
      setFileError(messages.talentIdNotDefined);
      return;
    }
    const problem = checkImageFile(file);
    if (problem) {
      setFileError(problem);
      return;
    }
    setPreview(URL.createObjectURL(file));
    let uploadFile: UploadFile;
    try {
      uploadFile = await toUploadFile(file);
    } catch (error) {
      setFileError(describeError(error).message);
      return;
    }
    upload.mutate(
      {
        ownerType: 'TALENT',
        ownerId: draft.id,
        purpose: 'profile-picture',
        file: uploadFile,
      },
      {
        // The picture is saved on the draft straight away; the step stays open to show it.
        onSuccess: (uploaded) => update.save(draft.id, { profilePictureUrl: uploaded.url }, () => setPreview(uploaded.url)),
        onError: (error) => {
          setPreview(null);
          setFileError(describeError(error).message);
        },
      },
    );
  };

  const submit = (event?: FormEvent<HTMLFormElement>) => {
    event?.preventDefault();
    // Continuing without a picture tells the server the step is done (so it does not come back).
    if (draft?.profilePictureUrl) navigate('/handle');
    else update.save(draft?.id, { profilePictureUrl: null });
  };

  const busy = upload.isPending || update.saving;
  return (
    <StepFrame
      index={1}
      onSubmit={submit}
      saving={update.saving && !upload.isPending}
      continueDisabled={upload.isPending}
      continueLabel={pictureUrl ? 'Continue' : 'Continue without a picture'}
      error={update.otherError}
    >
      <Stack align="center" gap="md">
        <FileButton
          onChange={(file) => void choose(file)}
          accept={imageAccept}
          inputProps={{ 'aria-label': 'Profile picture file' }}
        >
          {(props) => (
            <UnstyledButton {...props} aria-label="Choose a profile picture" pos="relative" style={{ borderRadius: '50%' }}>
              <Avatar
                src={pictureUrl}
                size={168}
                radius={999}
                color="doppel"
                variant="light"
                style={{ border: '4px solid var(--mantine-color-doppel-1)' }}
                alt="Profile picture preview"
              >
                <IconCamera size={56} stroke={1.5} />
              </Avatar>
              {busy && (
                <Group
                  pos="absolute"
                  inset={0}
                  justify="center"
                  style={{ background: 'rgba(255,255,255,.6)', borderRadius: '50%' }}
                >
                  <Loader />
                </Group>
              )}
            </UnstyledButton>
          )}
        </FileButton>
        <Group gap="xs" justify="center">
          <FileButton onChange={(file) => void choose(file)} accept={imageAccept}>
            {(props) => (
              <Button {...props} variant="light" leftSection={<IconPhotoUp size={18} />} loading={upload.isPending}>
                {pictureUrl ? 'Choose another photo' : 'Upload a photo'}
              </Button>
            )}
          </FileButton>
          {draft?.profilePictureUrl && (
            <Button
              variant="subtle"
              color="gray"
              leftSection={<IconTrash size={18} />}
              disabled={busy}
              onClick={() => update.save(draft.id, { profilePictureUrl: null }, () => setPreview(null))}
            >
              Remove
            </Button>
          )}
        </Group>
        {upload.isSuccess && !busy && draft?.profilePictureUrl && (
          <Text size="sm" c="teal" fw={600} role="status">
            Looking good! Your photo is saved.
          </Text>
        )}
        {fileError && (
          <Text size="sm" c="red" role="alert">
            {fileError}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          JPG, JPEG, PNG or WEBP, up to 10 MB
        </Text>
      </Stack>
    </StepFrame>
  );
}
