import { deleteAccountConfirmationWord } from '@doppel/validation';
import { Button, Group, Modal, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useForgetSignedInUser } from '../../auth/use-sign-out.ts';
import { trpc } from '../../trpc/trpc.ts';
import { ErrorAlert } from '../error-alert.tsx';
import { notifySuccess } from '../notify-success.ts';

/**
 * "Delete my account": what goes and what stays, then a dialog that asks the person to type
 * DELETE. The server refuses while a payout is pending and says so; on success every session of
 * the account ends and this browser goes to the landing page.
 */
export function DeleteMyAccount({ isCreator }: { isCreator: boolean }) {
  const [opened, setOpened] = useState(false);
  const [typed, setTyped] = useState('');
  const forgetUser = useForgetSignedInUser();
  const remove = trpc.account.delete.useMutation({
    onSuccess: () => {
      notifySuccess('Your account has been deleted');
      forgetUser();
    },
  });
  const close = () => {
    setOpened(false);
    setTyped('');
    remove.reset();
  };

  return (
    <Paper withBorder radius="lg" p="md">
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          <IconTrash size={20} color="var(--mantine-color-red-6)" />
          <Title order={3} fz="md">
            Delete my account
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          Signs you out everywhere and erases your email, name, chats, messages and what twins remember about you.
          {isCreator ? ' Your twin is taken down from fans.' : ''} Records of payments stay, without your name, so the books still
          add up. This cannot be undone.
        </Text>
        <Button color="red" variant="outline" onClick={() => setOpened(true)} style={{ alignSelf: 'flex-start' }}>
          Delete my account
        </Button>
      </Stack>
      <Modal opened={opened} onClose={close} title="Delete your account?" centered>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            remove.mutate({ confirmation: typed });
          }}
        >
          <Stack gap="sm">
            <Text size="sm">
              Everything about you is erased at once and you are signed out on every device. Type{' '}
              <b>{deleteAccountConfirmationWord}</b> to confirm.
            </Text>
            <TextInput
              label="Confirmation"
              placeholder={deleteAccountConfirmationWord}
              value={typed}
              onChange={(event) => setTyped(event.currentTarget.value)}
              autoComplete="off"
              data-autofocus
            />
            {remove.isError && <ErrorAlert error={remove.error} title="Your account was not deleted" />}
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={close}>
                Keep my account
              </Button>
              <Button
                type="submit"
                color="red"
                loading={remove.isPending}
                disabled={typed.trim() !== deleteAccountConfirmationWord}
              >
                Delete forever
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
