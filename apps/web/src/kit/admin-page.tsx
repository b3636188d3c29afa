import { ActionIcon, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useCurrentSection } from './current-section.ts';

/** Every admin screen: one column, as wide as a table needs and no wider. */
export function AdminPage({ children }: { children: ReactNode }) {
  return (
    <Stack gap="lg" maw={1100}>
      {children}
    </Stack>
  );
}

/**
 * The header of an admin screen: the section's icon, a title, a line under it, actions on the
 * right (they wrap below on a phone), a back arrow on detail screens, and filters underneath.
 */
export function AdminPageHeader({
  title,
  description,
  actions,
  backTo,
  children,
}: {
  title: string;
  description?: ReactNode;
  actions?: ReactNode;
  /** Where the back arrow leads, e.g. the list the detail came from. */
  backTo?: string;
  /** Filters, search and sort under the title. */
  children?: ReactNode;
}) {
  const section = useCurrentSection();
  return (
    <Paper withBorder p="lg" shadow="xs">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" gap="sm">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            {backTo ? (
              <ActionIcon
                component={Link}
                to={backTo}
                variant="light"
                size={40}
                radius="md"
                aria-label={`Back to ${section.label}`}
              >
                <IconArrowLeft size={22} />
              </ActionIcon>
            ) : (
              <ThemeIcon size={40} radius="md" variant="light">
                <section.icon size={22} />
              </ThemeIcon>
            )}
            <div style={{ minWidth: 0 }}>
              <Title order={2} style={{ overflowWrap: 'anywhere' }}>
                {title}
              </Title>
              {description && (
                <Text c="dimmed" size="sm" component="div">
                  {description}
                </Text>
              )}
            </div>
          </Group>
          {actions && <Group gap="xs">{actions}</Group>}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}
