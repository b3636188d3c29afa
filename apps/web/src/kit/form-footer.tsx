import { Alert, Button, Group } from '@mantine/core';

/**
 * The end of a form: the error useServerForm returned (one the fields could not show), a Cancel
 * button when the form can be left (`onCancel`), and the submit button (Save unless told), busy
 * while saving.
 */
export function FormFooter({
  error,
  saving,
  errorTestId,
  submitLabel = 'Save',
  submitTestId,
  onCancel,
}: {
  error: string | null;
  saving: boolean;
  errorTestId?: string;
  submitLabel?: string;
  submitTestId?: string;
  onCancel?: () => void;
}) {
  return (
    <>
      {error && (
        <Alert color="red" variant="light" data-testid={errorTestId}>
          {error}
        </Alert>
      )}
      <Group justify="flex-end">
        {onCancel && (
          <Button variant="default" onClick={onCancel}>
            Cancel
          </Button>
        )}
        <Button type="submit" loading={saving} data-testid={submitTestId}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
