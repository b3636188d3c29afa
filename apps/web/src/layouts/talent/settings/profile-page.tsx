import {
  chatPromptMaxLength,
  factsFromText,
  factsToText,
  formatCount,
  type Gender,
  isOfferedInterest,
  type Purpose,
  personalityTraits,
  personalityTraitsMax,
  profileSettingsSchema,
  purposes,
  type TalentSettings,
} from '@doppel/validation';
import {
  Avatar,
  Button,
  Chip,
  FileButton,
  Group,
  Input,
  Loader,
  NumberInput,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconCamera, IconPhotoUp } from '@tabler/icons-react';
import { useState } from 'react';
import { ChipPicker } from '../../../components/chip-picker.tsx';
import { GenderPicker } from '../../../components/gender-picker.tsx';
import { InterestsPicker } from '../../../components/interests-picker.tsx';
import { describeError } from '../../../errors/describe-error.ts';
import { checkImageFile, imageAccept, toUploadFile, type UploadFile } from '../../../forms/image-file.ts';
import { optionLabel, purposeDetails } from '../../../forms/option-labels.ts';
import { useSyncFormWithData } from '../../../forms/use-sync-form-with-data.ts';
import { useServerForm } from '../../../kit/use-server-form.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { useTalentContext } from '../talent-context.ts';
import { ConsentCard } from './consent-card.tsx';
import { SettingsForm, SettingsPage } from './settings-page.tsx';
import { showSaved, useTalentSettings, useUpdateSettings } from './use-talent-settings.ts';

type Values = {
  name: string;
  gender: Gender | null;
  age: number | string;
  hasCustomChatPrompt: boolean;
  chatPrompt: string;
  purpose: Purpose | null;
  personalityTraits: string[];
  interests: string[];
  facts: string;
};

function valuesOf(talent: TalentSettings): Values {
  return {
    name: talent.name,
    gender: talent.gender,
    age: talent.age ?? '',
    hasCustomChatPrompt: talent.hasCustomChatPrompt,
    chatPrompt: talent.chatPrompt,
    purpose: talent.purpose,
    personalityTraits: talent.personalityTraits,
    interests: talent.interests.map((interest) => interest.value),
    facts: factsToText(talent.facts),
  };
}

/** What the schema (and `talent.update`) takes: facts as a list, interests no longer offered dropped. */
const toInput = (values: Values) => ({
  ...values,
  facts: factsFromText(values.facts),
  interests: values.interests.filter(isOfferedInterest),
});

/** Errors on list items (`facts.2`) belong to the list's field. */
function topLevelErrors(errors: Record<string, unknown>): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    const field = path.split('.')[0] ?? path;
    if (typeof message === 'string' && !result[field]) result[field] = message;
  }
  return result;
}

const resolver = schemaResolver(profileSettingsSchema, { sync: true });

/** /settings/profile (docs/product-rules.md#settings-pages). */
export function ProfilePage() {
  const query = useTalentSettings();
  return (
    <SettingsPage title="Profile" description="Who your twin is: how it looks, talks and what it knows." query={query}>
      {(talent) => (
        <>
          <ProfileForm talent={talent} />
          <ConsentCard />
        </>
      )}
    </SettingsPage>
  );
}

function ProfileForm({ talent }: { talent: TalentSettings }) {
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(talent),
    validate: (values) => topLevelErrors(resolver(toInput(values))),
  });
  useSyncFormWithData(form, valuesOf(talent));
  const { update, saving } = useUpdateSettings();
  const { onSubmit: submit, error: otherError } = useServerForm(form, (values) =>
    update(profileSettingsSchema.parse(toInput(values))),
  );

  const promptLength = form.values.chatPrompt.length;

  return (
    <Stack gap="lg">
      <ProfilePhoto talent={talent} />
      <SettingsForm onSubmit={submit} saving={saving} error={otherError}>
        <TextInput label="Name" size="md" {...form.getInputProps('name')} />
        <GenderPicker
          value={form.values.gender}
          onChange={(gender) => form.setFieldValue('gender', gender)}
          error={form.errors.gender}
        />
        <NumberInput
          label="Age"
          size="md"
          maw={200}
          allowDecimal={false}
          allowNegative={false}
          hideControls
          inputMode="numeric"
          {...form.getInputProps('age')}
        />
        <Stack gap="xs">
          <Switch
            label="Custom chat prompt"
            description="Write the instructions your twin follows instead of the generated ones."
            size="md"
            {...form.getInputProps('hasCustomChatPrompt', { type: 'checkbox' })}
          />
          {form.values.hasCustomChatPrompt && (
            <Textarea
              label="Chat prompt"
              autosize
              minRows={5}
              maxRows={20}
              {...form.getInputProps('chatPrompt')}
              description={
                <Text span size="xs" c={promptLength > chatPromptMaxLength ? 'red' : 'dimmed'} data-testid="chat-prompt-counter">
                  {formatCount(promptLength)} / {formatCount(chatPromptMaxLength)} characters
                </Text>
              }
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
          )}
        </Stack>
        <Input.Wrapper label="Purpose" size="md" error={form.errors.purpose}>
          <Chip.Group
            multiple={false}
            value={form.values.purpose ?? ''}
            onChange={(value) => form.setFieldValue('purpose', (value || null) as Purpose | null)}
          >
            <Group gap="xs" mt="xs">
              {purposes.map((purpose) => (
                <Chip key={purpose} value={purpose} radius="xl" variant="outline">
                  {purposeDetails[purpose].title}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Input.Wrapper>
        <ChipPicker
          label="Personality traits"
          options={personalityTraits.map((value) => ({ value, label: optionLabel(value) }))}
          value={form.values.personalityTraits}
          onChange={(value) => form.setFieldValue('personalityTraits', value)}
          max={personalityTraitsMax}
          error={form.errors.personalityTraits as string | undefined}
        />
        <InterestsPicker
          stored={talent.interests.map((interest) => interest.value)}
          value={form.values.interests}
          onChange={(value) => form.setFieldValue('interests', value)}
          error={form.errors.interests as string | undefined}
          droppedWhen="save"
        />
        <Textarea
          label="Facts"
          description="One fact per line: things your twin knows about you."
          autosize
          minRows={5}
          maxRows={20}
          {...form.getInputProps('facts')}
        />
      </SettingsForm>
    </Stack>
  );
}

/** The photo: choosing one uploads it (files.upload, purpose 'profile-picture') and saves it at once. */
function ProfilePhoto({ talent }: { talent: TalentSettings }) {
  const { talentId } = useTalentContext();
  const upload = trpc.files.upload.useMutation();
  const { update, saving } = useUpdateSettings();
  const [fileError, setFileError] = useState<string | null>(null);

  const choose = async (file: File | null) => {
    if (!file) return;
    const problem = checkImageFile(file);
    setFileError(problem);
    if (problem) return;
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
        ownerId: talentId,
        purpose: 'profile-picture',
        file: uploadFile,
      },
      {
        // Not a form: the photo is saved as soon as it is uploaded, and a refusal shown under it.
        onSuccess: (uploaded) =>
          update({ profilePictureUrl: uploaded.url }).then(
            () => showSaved(),
            (failure: unknown) => {
              const described = describeError(failure);
              setFileError(described.fieldErrors?.profilePictureUrl?.[0] ?? described.message);
            },
          ),
        onError: (error) => setFileError(describeError(error).message),
      },
    );
  };

  const busy = upload.isPending || saving;
  const error = fileError;
  return (
    <Group gap="lg" wrap="nowrap">
      <FileButton onChange={(file) => void choose(file)} accept={imageAccept} inputProps={{ 'aria-label': 'Profile photo file' }}>
        {(props) => (
          <UnstyledButton {...props} aria-label="Change the profile photo" pos="relative" style={{ borderRadius: '50%' }}>
            <Avatar src={talent.profilePictureUrl} size={96} radius={999} color="doppel" variant="light" alt="Profile photo">
              <IconCamera size={36} stroke={1.5} />
            </Avatar>
            {busy && (
              <Group
                pos="absolute"
                inset={0}
                justify="center"
                style={{ background: 'rgba(255,255,255,.6)', borderRadius: '50%' }}
              >
                <Loader size="sm" />
              </Group>
            )}
          </UnstyledButton>
        )}
      </FileButton>
      <Stack gap={6} style={{ minWidth: 0 }}>
        <FileButton onChange={(file) => void choose(file)} accept={imageAccept}>
          {(props) => (
            <Button {...props} variant="light" size="sm" leftSection={<IconPhotoUp size={16} />} loading={busy} w="fit-content">
              {talent.profilePictureUrl ? 'Change photo' : 'Upload a photo'}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          JPG, JPEG, PNG or WEBP, up to 10 MB
        </Text>
        {error && (
          <Text size="sm" c="red" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
