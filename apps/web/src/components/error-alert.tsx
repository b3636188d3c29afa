import { Alert, Button } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { describeError } from '../errors/describe-error.ts';
import { truncateMessage } from '../errors/truncate-message.ts';

/** Data that failed to load inside a screen: an error alert with the message (spec 8). */
export function ErrorAlert({
  error,
  onRetry,
  title = 'Could not load',
}: {
  error: unknown;
  onRetry?: () => void;
  title?: string;
}) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle />} title={title}>
      {truncateMessage(describeError(error).message)}
      {onRetry && (
        <Button display="block" mt="sm" size="xs" variant="white" color="red" onClick={onRetry}>
          Retry
        </Button>
      )}
    </Alert>
  );
}
