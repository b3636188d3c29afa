import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { AdminSection } from './admin-menu.ts';

/** An admin section's page: its title and purpose; each section's list and forms render below. */
export function AdminSectionPage({ section }: { section: AdminSection }) {
  return (
    <Stack gap="lg" maw={1100}>
      <Paper withBorder p="lg" shadow="xs">
        <Stack gap={6}>
          <ThemeIcon size={40} radius="md" variant="light">
            <section.icon size={22} />
          </ThemeIcon>
          <Title order={2}>{section.label}</Title>
          <Text c="dimmed">{section.description}</Text>
        </Stack>
      </Paper>
    </Stack>
  );
}
