import {
  type AdminCrisisSettings,
  type AdminCrisisSettingsInput,
  adminCrisisSettingsInput,
  crisisPauseHoursRange,
  crisisReplyTextMax,
} from '@doppel/validation';
import { Alert, Button, Group, NumberInput, Skeleton, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { useSyncFormWithData } from '../../../forms/use-sync-form-with-data.ts';
import { FormCard } from '../../../kit/form-card.tsx';
import { useServerForm } from '../../../kit/use-server-form.ts';
import { trpc } from '../../../trpc/trpc.ts';

const description =
  'When a fan writes about suicide or self-harm, the twin steps aside and the fan gets this message with crisis services for their country. Repeated messages keep the twin out of that chat for the pause.';

/**
 * The crisis protocol's settings on the App page (admin.crisis.*): its own card with its own Save,
 * apart from the app config form above it.
 */
export function CrisisSettingsCard() {
  const query = trpc.admin.crisis.get.useQuery();
  return (
    <FormCard title="Crisis protocol" description={description} id="crisis">
      {query.isError ? (
        <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <Skeleton height={160} aria-label="Loading the crisis settings" />
      ) : (
        <CrisisSettingsForm settings={query.data} />
      )}
    </FormCard>
  );
}

const valuesOf = (settings: AdminCrisisSettings): AdminCrisisSettingsInput => ({
  replyText: settings.replyText,
  pauseHours: settings.pauseHours,
});

function CrisisSettingsForm({ settings }: { settings: AdminCrisisSettings }) {
  const utils = trpc.useUtils();
  const update = trpc.admin.crisis.update.useMutation();
  const form = useForm<AdminCrisisSettingsInput>({
    mode: 'controlled',
    initialValues: valuesOf(settings),
    validate: schemaResolver(adminCrisisSettingsInput, { sync: true }),
  });
  useSyncFormWithData(form, valuesOf(settings));
  const { onSubmit, saving, error } = useServerForm(
    form,
    (values) => update.mutateAsync(adminCrisisSettingsInput.parse(values)),
    {
      onSaved: (saved) => utils.admin.crisis.get.setData(undefined, saved),
    },
  );

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Crisis protocol" data-testid="crisis-settings-form">
      <Textarea
        label="Caring message"
        description="Shown above the crisis services. Leave empty for the default below."
        placeholder={settings.defaultReplyText}
        autosize
        minRows={3}
        maxRows={8}
        maxLength={crisisReplyTextMax}
        mb="md"
        {...form.getInputProps('replyText')}
      />
      <NumberInput
        label="Pause after repeated messages"
        description="Hours the twin stays out of a chat after a second crisis message within this time."
        suffix=" h"
        min={crisisPauseHoursRange.min}
        max={crisisPauseHoursRange.max}
        allowDecimal={false}
        maw={260}
        mb="md"
        {...form.getInputProps('pauseHours')}
      />
      {error && (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert" mb="md">
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button type="submit" loading={saving} disabled={!form.isDirty()}>
          Save crisis settings
        </Button>
      </Group>
    </form>
  );
}
