import { Alert, Button, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { describeError } from '../errors/describe-error.ts';
import { truncateMessage } from '../errors/truncate-message.ts';

/**
 * Data that failed to load inside a screen: an error alert with the message (docs/product-rules.md#errors-and-success-messages), and for a
 * failure on the server's side the id it was logged under, for a support request to quote.
 */
export function ErrorAlert({
  error,
  onRetry,
  title = 'Could not load',
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  const described = describeError(error);
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle />} title={title}>
      {truncateMessage(described.message)}
      {described.errorId && (
        <Text size="xs" c="dimmed" mt={4}>
          Error id: {described.errorId}
        </Text>
      )}
      {onRetry && (
        <Button display="block" mt="sm" size="xs" variant="white" color="red" onClick={onRetry}>
          Retry
        </Button>
      )}
    </Alert>
  );
}
