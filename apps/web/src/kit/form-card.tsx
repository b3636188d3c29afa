import { Paper, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** One group of a long admin form (App config, talent settings): a titled card, a landmark named after its title. */
export function FormCard({
  title,
  description,
  id,
  children,
}: {
  title: string;
  description?: ReactNode;
  /** An anchor to scroll to, e.g. `storage`. */
  id?: string;
  children: ReactNode;
}) {
  const headingId = `form-card-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md" component="section" aria-labelledby={headingId} id={id}>
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
