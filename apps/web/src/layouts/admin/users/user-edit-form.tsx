import {
  type AdminUserDetail,
  adminUserCreditsMax,
  adminUserFormSchema,
  adminUserMessages,
  formWaitlistStatusOf,
  type UserRole,
  userRoles,
} from '@doppel/validation';
import { Alert, NumberInput, Paper, Select, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { notifySuccess } from '../../../components/notify-success.ts';
import { useSyncFormWithData } from '../../../forms/use-sync-form-with-data.ts';
import { FormFooter } from '../../../kit/form-footer.tsx';
import { useServerForm } from '../../../kit/use-server-form.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { waitlistStatusOptions } from './user-format.ts';

type Values = { name: string; email: string; role: UserRole; credits: number | string; waitlistStatus: string };

/** The stored user as form values; a manager without a status starts at ACCEPTED (docs/product-rules.md#waitlist). */
function valuesOf(user: AdminUserDetail): Values {
  return {
    name: user.name,
    email: user.email ?? '',
    role: user.role,
    credits: user.credits,
    waitlistStatus: formWaitlistStatusOf(user.waitlistStatus, user.managesTalents) ?? '',
  };
}

/** Name, email, role, free credits and waitlist status (docs/product-rules.md#roles-and-permissions); "Saved!" on success. */
export function UserEditForm({ user }: { user: AdminUserDetail }) {
  const utils = trpc.useUtils();
  const me = trpc.auth.me.useQuery(undefined, { staleTime: 5 * 60_000 });
  const isSelf = me.data?.id === user.id;
  const schema = useMemo(() => adminUserFormSchema({ hasEmail: user.email !== null }), [user.email]);
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(user),
    validate: schemaResolver(schema, { sync: true }),
  });
  useSyncFormWithData(form, valuesOf(user));
  const [emailFailed, setEmailFailed] = useState(false);
  const update = trpc.admin.users.update.useMutation();

  const { onSubmit, saving, error } = useServerForm(
    form,
    (values) => {
      setEmailFailed(false);
      // The balance the form was filled with: the server refuses the save if it moved meanwhile.
      const expectedCredits = Number(form.getInitialValues().credits);
      return update.mutateAsync({ id: user.id, ...schema.parse(values), expectedCredits });
    },
    {
      onSaved: (result) => {
        utils.admin.users.get.setData({ userId: user.id }, result.user);
        void utils.admin.users.list.invalidate();
        if (result.acceptanceEmail === 'sent') notifySuccess('The user was emailed that they are in.');
        setEmailFailed(result.acceptanceEmail === 'failed');
      },
    },
  );

  return (
    <Paper withBorder p="lg" radius="md" component="form" onSubmit={onSubmit} noValidate aria-label="Edit user">
      <Stack gap="md">
        <Title order={4}>Edit user</Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput label="Name" autoComplete="off" {...form.getInputProps('name')} />
          <TextInput
            label="Email"
            type="email"
            autoComplete="off"
            autoCapitalize="none"
            description={user.email ? undefined : 'Leave empty to keep the account without email'}
            {...form.getInputProps('email')}
          />
          <Select
            label="Role"
            data={userRoles.map((role) => ({ value: role, label: role }))}
            allowDeselect={false}
            disabled={isSelf && user.role === 'ADMIN'}
            description={isSelf && user.role === 'ADMIN' ? adminUserMessages.ownAdminRole : undefined}
            {...form.getInputProps('role')}
          />
          <NumberInput
            label="Free credits"
            min={0}
            max={adminUserCreditsMax}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="none"
            inputMode="numeric"
            {...form.getInputProps('credits')}
          />
          <Select
            label="Waitlist status"
            data={waitlistStatusOptions}
            allowDeselect={false}
            description="Accepting sends the user a “You're in!” email."
            {...form.getInputProps('waitlistStatus')}
          />
        </SimpleGrid>
        {emailFailed && (
          <Alert color="yellow" variant="light" icon={<IconAlertTriangle />} data-testid="user-email-failed">
            Saved, but the acceptance email could not be sent.
          </Alert>
        )}
        <FormFooter error={error} saving={saving} errorTestId="user-form-error" />
      </Stack>
    </Paper>
  );
}
