import type { Me } from '@doppel/validation';
import { Avatar, Group, Paper, Stack, Text, Title } from '@mantine/core';

/** Dashboard home. The twin's progress ring, share link and earnings cards of spec 2.4 join it here. */
export function TalentHome({ me }: { me: Me }) {
  return (
    <Stack gap="lg">
      <Paper withBorder p="xl" shadow="xs">
        <Group gap="lg" wrap="nowrap">
          <Avatar name={me.name} color="initials" size={64} />
          <div>
            <Title order={2}>Your dashboard</Title>
            <Text c="dimmed">Welcome back, {me.name}</Text>
          </div>
        </Group>
      </Paper>
    </Stack>
  );
}
