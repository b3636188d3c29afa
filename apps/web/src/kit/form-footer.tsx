import { Alert, Button, Group } from '@mantine/core';

/**
 * The end of an admin form: the error useServerForm returned (one the fields could not show) and
 * the submit button (Save unless told), busy while saving.
 */
export function FormFooter({
  error,
  saving,
  errorTestId,
  submitLabel = 'Save',
}: {
  error: string | null;
  saving: boolean;
  errorTestId?: string;
  submitLabel?: string;
}) {
  return (
    <>
      {error && (
        <Alert color="red" variant="light" data-testid={errorTestId}>
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button type="submit" loading={saving}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
