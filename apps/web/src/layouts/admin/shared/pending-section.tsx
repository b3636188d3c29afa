import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useCurrentSection } from './current-section.ts';

/** A section whose screens come with a later issue (money, worker tier): its title and purpose. */
export function PendingSection() {
  const section = useCurrentSection();
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
