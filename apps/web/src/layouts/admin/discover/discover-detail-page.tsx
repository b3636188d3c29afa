import {
  type DiscoverEntryView,
  discoverSurfaceLabels,
  discoverSurfaces,
  type UpdateDiscoverEntryInput,
  updateDiscoverEntryInput,
} from '@doppel/validation';
import { Alert, Anchor, Button, Group, NumberInput, Paper, Stack, Switch, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { LoadingPanel } from '../../../components/loading-panel.tsx';
import { notifySuccess } from '../../../components/notify-success.ts';
import { handleError } from '../../../errors/handle-error.ts';
import { useSyncFormWithData } from '../../../forms/use-sync-form-with-data.ts';
import { AdminPage, AdminPageHeader } from '../../../kit/admin-page.tsx';
import { ConfirmButton } from '../../../kit/confirm-button.tsx';
import { HistoryCard } from '../../../kit/history-card.tsx';
import { RecordLink } from '../../../kit/record-link.tsx';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { useServerForm } from '../../../kit/use-server-form.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { discoverEntities, surfaceEmoji } from './surfaces.ts';

/** /public-talents/{talentId}: name, order and the visibility toggles (docs/product-rules.md#admin-back-office). */
export function DiscoverDetailPage() {
  const { talentId = '' } = useParams();
  const utils = trpc.useUtils();
  const entry = trpc.admin.discover.get.useQuery({ id: talentId });
  useAdminLive(discoverEntities, () => void utils.admin.discover.get.invalidate({ id: talentId }));

  return (
    <AdminPage>
      <AdminPageHeader
        title={entry.data?.name ?? 'Discover entry'}
        description={entry.data?.talent.tag ? `@${entry.data.talent.tag}` : undefined}
        backTo="/public-talents"
      />
      {entry.isError ? (
        <ErrorAlert error={entry.error} onRetry={() => void entry.refetch()} />
      ) : entry.isPending ? (
        <LoadingPanel label="Loading the entry…" />
      ) : (
        <DiscoverForm entry={entry.data} />
      )}
      {entry.data && <HistoryCard entity="discover" entityId={talentId} />}
    </AdminPage>
  );
}

function valuesOf(entry: DiscoverEntryView): UpdateDiscoverEntryInput {
  return { id: entry.id, name: entry.name, order: entry.order, isVisibleRecord: entry.isVisibleRecord };
}

function DiscoverForm({ entry }: { entry: DiscoverEntryView }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const update = trpc.admin.discover.update.useMutation();
  const remove = trpc.admin.discover.delete.useMutation();
  const form = useForm<UpdateDiscoverEntryInput>({
    mode: 'controlled',
    initialValues: valuesOf(entry),
    validate: schemaResolver(updateDiscoverEntryInput, { sync: true }),
  });
  const { onSubmit, saving, error } = useServerForm(form, (values) => update.mutateAsync(values), {
    onSaved: (saved) => utils.admin.discover.get.setData({ id: saved.id }, saved),
  });

  // A change made elsewhere shows at once unless this form holds unsaved edits.
  useSyncFormWithData(form, valuesOf(entry));

  const onRemove = () =>
    remove.mutate(
      { id: entry.id },
      {
        onSuccess: () => {
          notifySuccess('Removed from Discover.');
          navigate('/public-talents');
        },
        onError: (failure) => handleError(failure),
      },
    );

  return (
    <Paper withBorder p="lg" component="form" onSubmit={onSubmit} noValidate maw={640}>
      <Stack>
        <TextInput label="Name" {...form.getInputProps('name')} />
        <NumberInput
          label="Order"
          description="Lower numbers come first."
          allowDecimal={false}
          {...form.getInputProps('order')}
        />
        <Stack gap="xs" role="group" aria-label="Visibility">
          {discoverSurfaces.map((surface) => (
            <Switch
              key={surface}
              label={`${surfaceEmoji[surface]} ${discoverSurfaceLabels[surface]}`}
              {...form.getInputProps(`isVisibleRecord.${surface}`, { type: 'checkbox' })}
            />
          ))}
        </Stack>
        {error && (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        )}
        <Group justify="space-between">
          <Group gap="md">
            <Anchor component={Link} to={`/talents/${entry.id}`} size="sm">
              Talent
            </Anchor>
            <RecordLink table="public_talents" id={entry.id} />
          </Group>
          <Group gap="xs">
            <ConfirmButton
              variant="subtle"
              color="red"
              title="Remove from Discover?"
              message={`${entry.name} disappears from every discover surface. The twin itself stays.`}
              confirmLabel="Remove"
              onConfirm={onRemove}
              loading={remove.isPending}
            >
              Remove
            </ConfirmButton>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}
