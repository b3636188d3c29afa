import { Group, Paper, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** One row of the home's quick links: a route, or an action such as opening the messenger. */
export function QuickLink({
  to,
  icon,
  label,
  description,
  onClick,
  loading,
}: {
  to?: string;
  icon: ReactNode;
  label: string;
  description: string;
  onClick?: () => void;
  loading?: boolean;
}) {
  const content = (
    <Group wrap="nowrap" gap="md">
      <ThemeIcon variant="light" radius="xl" size="lg">
        {icon}
      </ThemeIcon>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600}>{label}</Text>
        <Text size="xs" c="dimmed" truncate>
          {description}
        </Text>
      </div>
      <IconChevronRight size={18} color="var(--mantine-color-gray-5)" style={{ opacity: loading ? 0.3 : 1 }} />
    </Group>
  );
  return (
    <Paper withBorder radius="lg" p="sm">
      {to ? (
        <UnstyledButton component={Link} to={to} w="100%" aria-label={label}>
          {content}
        </UnstyledButton>
      ) : (
        <UnstyledButton onClick={onClick} w="100%" aria-label={label} disabled={loading}>
          {content}
        </UnstyledButton>
      )}
    </Paper>
  );
}
