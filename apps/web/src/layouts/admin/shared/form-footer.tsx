import { Alert, Button, Group } from '@mantine/core';

/**
 * The end of an admin settings form: the error useServerForm returned (one the fields could not
 * show) and the Save button, busy while saving.
 */
export function FormFooter({ error, saving, errorTestId }: { error: string | null; saving: boolean; errorTestId: string }) {
  return (
    <>
      {error && (
        <Alert color="red" variant="light" data-testid={errorTestId}>
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button type="submit" loading={saving}>
          Save
        </Button>
      </Group>
    </>
  );
}
