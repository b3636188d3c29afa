import { Button, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';

/** Under an editable list of the talent settings: the list's own error, and the button that adds a row. */
export function ListFooter({
  error,
  addLabel,
  full,
  onAdd,
}: {
  error: unknown;
  addLabel: string;
  /** The list holds as many rows as allowed. */
  full: boolean;
  onAdd: () => void;
}) {
  return (
    <>
      {typeof error === 'string' && (
        <Text size="sm" c="red" role="alert">
          {error}
        </Text>
      )}
      <Button variant="light" leftSection={<IconPlus size={16} />} w="fit-content" disabled={full} onClick={onAdd}>
        {addLabel}
      </Button>
    </>
  );
}
