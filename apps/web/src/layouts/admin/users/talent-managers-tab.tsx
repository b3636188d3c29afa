import { type AdminInvitationView, type AdminManagerView, adminManagerInviteForm } from '@doppel/validation';
import { Alert, Anchor, Badge, Button, Group, Paper, Skeleton, Stack, Text, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconMailPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { formatDateTime } from '../../../components/format-date.ts';
import { ConfirmButton } from '../../../kit/confirm-button.tsx';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { useServerForm } from '../../../kit/use-server-form.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { userEmailLabel } from './user-format.ts';

const managerEntities = ['talent_managers', 'invitations', 'users'] as const;

/** The talent detail's Managers tab (docs/product-rules.md#admin-back-office): managers, invitations, and inviting by email. */
export function TalentManagersTab({ talentId }: { talentId: string }) {
  const utils = trpc.useUtils();
  const query = trpc.admin.managers.list.useQuery({ talentId });
  const refresh = () => void utils.admin.managers.list.invalidate({ talentId });
  useAdminLive(managerEntities, refresh);

  return (
    <Stack gap="md">
      <InviteForm talentId={talentId} onInvited={refresh} />
      {query.isError ? (
        <ErrorAlert error={query.error} onRetry={() => void query.refetch()} />
      ) : !query.data ? (
        <Stack gap="xs" role="status" aria-label="Loading managers">
          <Skeleton height={56} radius="md" />
          <Skeleton height={56} radius="md" />
        </Stack>
      ) : (
        <>
          <ListCard title="Managers" empty="Nobody manages this talent yet." testId="talent-managers">
            {query.data.managers.map((manager) => (
              <ManagerRow key={manager.userId} talentId={talentId} manager={manager} onRemoved={refresh} />
            ))}
          </ListCard>
          <ListCard title="Invitations" empty="No invitations." testId="talent-invitations">
            {query.data.invitations.map((invitation) => (
              <InvitationRow key={invitation.id} talentId={talentId} invitation={invitation} onRemoved={refresh} />
            ))}
          </ListCard>
        </>
      )}
    </Stack>
  );
}

function InviteForm({ talentId, onInvited }: { talentId: string; onInvited: () => void }) {
  const form = useForm<{ email: string }>({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: schemaResolver(adminManagerInviteForm, { sync: true }),
  });
  const invite = trpc.admin.managers.invite.useMutation();
  const { onSubmit, saving, error } = useServerForm(
    form,
    (values) => invite.mutateAsync({ talentId, ...adminManagerInviteForm.parse(values) }),
    {
      savedMessage: null,
      onSaved: (result) => {
        const isNew = result.outcome === 'invited' || result.outcome === 'added';
        notifications.show({ color: isNew ? 'teal' : 'blue', message: result.message, autoClose: 4_000 });
        // Mantine's reset() returns to the last saved values; an invited email must clear instead.
        form.setValues({ email: '' });
        form.resetDirty({ email: '' });
        onInvited();
      },
    },
  );
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={onSubmit} noValidate aria-label="Invite a manager">
      <Stack gap="sm">
        <Title order={4}>Invite a manager</Title>
        <Text size="sm" c="dimmed">
          An email with an account becomes a manager at once; anyone else becomes one when they sign in with it.
        </Text>
        <Group align="flex-start" gap="sm" wrap="wrap">
          <TextInput
            label="Email"
            type="email"
            placeholder="name@example.com"
            autoComplete="off"
            autoCapitalize="none"
            style={{ flex: '1 1 220px' }}
            {...form.getInputProps('email')}
          />
          <Button type="submit" loading={saving} leftSection={<IconMailPlus size={16} />} mt={{ base: 0, xs: 25 }}>
            Invite
          </Button>
        </Group>
        {error && (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}

function ListCard({ title, empty, testId, children }: { title: string; empty: string; testId: string; children: ReactNode[] }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={4} mb="sm">
        {title}
      </Title>
      {children.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid={`${testId}-empty`}>
          {empty}
        </Text>
      ) : (
        <Stack gap="xs" data-testid={testId}>
          {children}
        </Stack>
      )}
    </Paper>
  );
}

function ManagerRow({ talentId, manager, onRemoved }: { talentId: string; manager: AdminManagerView; onRemoved: () => void }) {
  const remove = trpc.admin.managers.removeManager.useMutation({ onSuccess: onRemoved });
  const label = manager.name.trim() || userEmailLabel(manager);
  return (
    <Group justify="space-between" gap="sm" wrap="wrap" data-testid="talent-manager-row" data-user-id={manager.userId}>
      <div style={{ minWidth: 0, flex: '1 1 200px' }}>
        <Anchor component={Link} to={`/users/${manager.userId}`} fw={600} size="sm" data-testid="talent-manager-name">
          {label}
        </Anchor>
        <Text size="xs" c="dimmed" truncate data-testid="talent-manager-email">
          {userEmailLabel(manager)} · since {formatDateTime(manager.since)}
        </Text>
      </div>
      <ConfirmButton
        size="xs"
        variant="light"
        color="red"
        title="Remove manager"
        message={`${label} will no longer manage this talent.`}
        confirmLabel="Remove"
        onConfirm={() => remove.mutate({ talentId, userId: manager.userId })}
        loading={remove.isPending}
        aria-label={`Remove manager ${label}`}
      >
        Remove
      </ConfirmButton>
    </Group>
  );
}

function InvitationRow({
  talentId,
  invitation,
  onRemoved,
}: {
  talentId: string;
  invitation: AdminInvitationView;
  onRemoved: () => void;
}) {
  const remove = trpc.admin.managers.removeInvitation.useMutation({ onSuccess: onRemoved });
  const accepted = invitation.acceptedAt !== null;
  return (
    <Group
      justify="space-between"
      gap="sm"
      wrap="wrap"
      data-testid="talent-invitation-row"
      data-invitation-id={invitation.id}
      data-email={invitation.email}
    >
      <div style={{ minWidth: 0, flex: '1 1 200px' }}>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" fw={600} truncate data-testid="talent-invitation-email">
            {invitation.email}
          </Text>
          <Badge
            size="sm"
            variant="light"
            color={accepted ? 'teal' : 'yellow'}
            style={{ flex: 'none' }}
            data-testid="talent-invitation-status"
          >
            {accepted ? 'Accepted' : 'Pending'}
          </Badge>
        </Group>
        <Text size="xs" c="dimmed">
          Invited {formatDateTime(invitation.createdAt)}
          {invitation.acceptedAt && ` · accepted ${formatDateTime(invitation.acceptedAt)}`}
        </Text>
      </div>
      <ConfirmButton
        size="xs"
        variant="light"
        color="red"
        title="Remove invitation"
        message={
          accepted
            ? `The invitation of ${invitation.email} goes; a manager it made stays a manager.`
            : `${invitation.email} will not become a manager when they sign in.`
        }
        confirmLabel="Remove"
        onConfirm={() => remove.mutate({ talentId, invitationId: invitation.id })}
        loading={remove.isPending}
        aria-label={`Remove invitation of ${invitation.email}`}
      >
        Remove
      </ConfirmButton>
    </Group>
  );
}
