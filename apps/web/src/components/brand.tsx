import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router-dom';

/** The two overlapping rings: a creator and their twin. */
export function BrandMark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <defs>
        <linearGradient id="doppel-mark" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8b5cf6" />
          <stop offset="1" stopColor="#ec4899" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="16" fill="url(#doppel-mark)" />
      <circle cx="26" cy="32" r="12" fill="none" stroke="#fff" strokeWidth="5" />
      <circle cx="38" cy="32" r="12" fill="none" stroke="#fff" strokeOpacity=".7" strokeWidth="5" />
    </svg>
  );
}

/** Logo and name, linking home. */
export function BrandLink({ to = '/', compact = false }: { to?: string; compact?: boolean }) {
  return (
    <UnstyledButton component={Link} to={to} aria-label="Doppel home">
      <Group gap={8} wrap="nowrap">
        <BrandMark size={compact ? 26 : 32} />
        <Text fw={800} fz={compact ? 'lg' : 'xl'} lts={-0.5}>
          Doppel
        </Text>
      </Group>
    </UnstyledButton>
  );
}
