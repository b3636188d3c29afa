import { type AdminAppSettings, adminAppUpdateInput } from '@doppel/validation';
import { Alert, Button, Group, Paper, Text } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { LoadingPanel } from '../../../components/loading-panel.tsx';
import { useSyncFormWithData } from '../../../forms/use-sync-form-with-data.ts';
import { AdminPage, AdminPageHeader } from '../../../kit/admin-page.tsx';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { useServerForm } from '../../../kit/use-server-form.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { type AppFormValues, valuesOf } from './app-form-values.ts';
import { FunctionSettingsCard } from './function-settings-card.tsx';
import { AppVersionCard, EmptyChatCard, PromptTemplatesCard, ReferralShareCard, SubscriptionPriceCard } from './text-cards.tsx';
import { VoicesCard } from './voices-card.tsx';

/**
 * /app: the app config in cards (docs/product-rules.md#admin-back-office, #admin-forms, #calls): prompt templates, referral share, subscription
 * price limits, function settings, voices, minimum talent version, empty chat message. One Save
 * for all; live while nothing is being edited.
 */
export function AppSettingsPage() {
  const utils = trpc.useUtils();
  const query = trpc.admin.app.get.useQuery();
  useAdminLive(['app_configs', 'apps', 'voices'], () => void utils.admin.app.get.invalidate());

  return (
    <AdminPage>
      <AdminPageHeader
        title="App"
        description="Prompt templates, referral share, subscription prices, function settings and voices."
      />
      {query.isError ? (
        <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : query.isPending ? (
        <LoadingPanel label="Loading the app config…" />
      ) : (
        <AppSettingsForm settings={query.data} />
      )}
    </AdminPage>
  );
}

function AppSettingsForm({ settings }: { settings: AdminAppSettings }) {
  const utils = trpc.useUtils();
  const update = trpc.admin.app.update.useMutation();
  const form = useForm<AppFormValues>({
    mode: 'controlled',
    initialValues: valuesOf(settings),
    // The procedure's own schema: the same messages here as from the server.
    validate: schemaResolver(adminAppUpdateInput, { sync: true }),
  });
  useSyncFormWithData(form, valuesOf(settings));
  const { onSubmit, saving, error } = useServerForm(form, (values) => update.mutateAsync(adminAppUpdateInput.parse(values)), {
    onSaved: (saved) => utils.admin.app.get.setData(undefined, saved),
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="App config" data-testid="app-settings-form">
      <AdminPage>
        <PromptTemplatesCard form={form} />
        <ReferralShareCard form={form} />
        <SubscriptionPriceCard form={form} />
        <FunctionSettingsCard form={form} />
        <VoicesCard form={form} />
        <AppVersionCard form={form} />
        <EmptyChatCard form={form} />
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert" data-testid="app-settings-error">
            {error}
          </Alert>
        )}
        {/* Sticks to the bottom of the screen: the page is long, the button stays in reach. */}
        <Paper withBorder p="sm" radius="md" shadow="sm" pos="sticky" bottom={8} style={{ zIndex: 2 }}>
          <Group justify="space-between" gap="sm">
            <Text size="sm" c="dimmed" data-testid="app-settings-state">
              {form.isDirty() ? 'Unsaved changes' : 'No unsaved changes'}
            </Text>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Paper>
      </AdminPage>
    </form>
  );
}
