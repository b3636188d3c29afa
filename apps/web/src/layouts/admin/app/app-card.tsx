import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One card of the App page: a titled landmark named after its title. */
export function AppCard({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  const headingId = `app-card-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <div>
          <Title order={3} size="h4" id={headingId}>
            {title}
          </Title>
          {description && (
            <Text size="sm" c="dimmed">
              {description}
            </Text>
          )}
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** A server refusal aimed at a whole group of fields (the API names the group, not the field). */
export function GroupError({ error }: { error: ReactNode }) {
  if (!error) return null;
  return (
    <Text size="sm" c="red" role="alert">
      {error}
    </Text>
  );
}
