import type { Me } from '@doppel/validation';
import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLogout, IconUsersGroup } from '@tabler/icons-react';
import { useSignOut } from '../../auth/use-sign-out.ts';

/** Entry to the waitlist. The platform and handle form of spec 2.2 replaces the body of this card. */
export function JoinWaitlist({ me }: { me: Me }) {
  const { signOut, pending } = useSignOut();
  return (
    <Paper withBorder shadow="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={460}>
      <Stack align="center" ta="center" gap="md">
        <ThemeIcon size={64} radius="xl" variant="gradient">
          <IconUsersGroup size={34} />
        </ThemeIcon>
        <Title order={2}>Join the waitlist</Title>
        <Text c="dimmed">We let creators in a few at a time so every twin gets a great start.</Text>
        <Text size="sm">
          Signed in as{' '}
          <Text span fw={600} inherit>
            {me.email ?? me.name}
          </Text>
        </Text>
        <Button variant="default" leftSection={<IconLogout size={16} />} onClick={signOut} loading={pending}>
          Sign out
        </Button>
      </Stack>
    </Paper>
  );
}
