import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** A server refusal aimed at a whole group of fields (the API names the group, not the field). */
export function GroupError({ error }: { error: ReactNode }) {
  if (!error) return null;
  return (
    <Text size="sm" c="red" role="alert">
      {error}
    </Text>
  );
}
