import type { AdminTalent } from '@doppel/validation';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import { useRef } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useSyncFormWithData } from '../../../forms/use-sync-form-with-data.ts';
import { useServerForm } from '../../../kit/use-server-form.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { BoundariesSection } from './settings-boundaries-section.tsx';
import { ExamplesSection } from './settings-examples-section.tsx';
import { GallerySection } from './settings-gallery-section.tsx';
import { MessagesSection } from './settings-messages-section.tsx';
import { ModelSection, MoneySection } from './settings-model-section.tsx';
import { PersonaSection } from './settings-persona-section.tsx';
import { PricingSection, ProfileSection } from './settings-profile-section.tsx';
import { StartersSection } from './settings-starters-section.tsx';
import { VoiceFaqSection } from './settings-voice-faq-section.tsx';
import { type SettingsValues, settingsValuesOf, updateInputOf, validateSettings } from './talent-settings-values.ts';

/**
 * The talent detail's Settings tab: every talent and config setting in one form (docs/product-rules.md#admin-back-office, #calls),
 * grouped in cards, saved at once with "Saved!". The data is live (the detail page refreshes it on
 * any change of the twin); an untouched form takes the new values, unsaved edits are kept.
 */
export function TalentSettingsTab({ talentId }: { talentId: string }) {
  const query = trpc.admin.talents.get.useQuery({ talentId });
  if (query.isError) return <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />;
  if (!query.data) {
    return (
      <Stack gap="md" role="status" aria-label="Loading settings">
        {['profile', 'pricing', 'persona'].map((key) => (
          <Skeleton key={key} height={180} radius="md" />
        ))}
      </Stack>
    );
  }
  return <SettingsForm talent={query.data} />;
}

function SettingsForm({ talent }: { talent: AdminTalent }) {
  const utils = trpc.useUtils();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<SettingsValues>({
    mode: 'controlled',
    initialValues: settingsValuesOf(talent),
    validate: (values) => validateSettings(talent.id, values),
  });
  useSyncFormWithData(form, settingsValuesOf(talent));
  const update = trpc.admin.talents.update.useMutation();

  // A long form: when a check fails, bring the first field in error into view.
  const showFirstError = () =>
    requestAnimationFrame(() => {
      const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]');
      invalid?.scrollIntoView({ behavior: 'smooth', block: 'center' });
      if (invalid instanceof HTMLInputElement || invalid instanceof HTMLTextAreaElement) invalid.focus({ preventScroll: true });
    });

  const { onSubmit, saving, error } = useServerForm(
    {
      getValues: form.getValues,
      resetDirty: form.resetDirty,
      setErrors: (errors) => {
        form.setErrors(errors);
        if (Object.keys(errors).length > 0) showFirstError();
      },
      onSubmit: (handler) => form.onSubmit(handler, showFirstError),
    },
    (values) => update.mutateAsync(updateInputOf(talent.id, values)),
    {
      onSaved: (saved) => {
        utils.admin.talents.get.setData({ talentId: talent.id }, saved);
        void utils.admin.talents.list.invalidate();
      },
    },
  );

  const errorCount = Object.keys(form.errors).length;
  const props = { form, talent };
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate aria-label="Talent settings">
      <Stack gap="md">
        <ProfileSection {...props} />
        <PricingSection {...props} />
        <PersonaSection {...props} />
        <ModelSection {...props} />
        <MoneySection {...props} />
        <MessagesSection {...props} />
        <StartersSection {...props} />
        <ExamplesSection {...props} />
        <VoiceFaqSection {...props} />
        <GallerySection {...props} />
        <BoundariesSection talentId={talent.id} />
        <Paper
          withBorder
          radius="md"
          p="sm"
          shadow="sm"
          pos="sticky"
          bottom={8}
          style={{ zIndex: 2 }}
          data-testid="talent-settings-footer"
        >
          <Stack gap="xs">
            {error && (
              <Alert color="red" variant="light" role="alert">
                {error}
              </Alert>
            )}
            <Group justify="space-between" gap="sm" wrap="nowrap">
              <Text size="sm" c={errorCount > 0 ? 'red' : 'dimmed'} aria-live="polite">
                {errorCount > 0 ? 'Check the fields marked in red.' : form.isDirty() ? 'Unsaved changes' : 'No unsaved changes'}
              </Text>
              <Button type="submit" loading={saving} leftSection={<IconDeviceFloppy size={16} />}>
                Save
              </Button>
            </Group>
          </Stack>
        </Paper>
      </Stack>
    </form>
  );
}
