import { Alert, List, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { truncateMessage } from '../../../errors/truncate-message.ts';
import type { BatchFailure } from './batch-upload.ts';

export type UploadProgress = { done: number; total: number };
export type UploadFailures = { failures: BatchFailure[]; total: number };

/**
 * A multi-file upload as it goes (which file of how many) and what did not make it, each file with
 * its reason (docs/product-rules.md#errors-and-success-messages): the gallery's and the knowledge
 * sources' uploads.
 */
export function UploadBatchStatus({
  progress,
  failures,
  title,
  onDismiss,
}: {
  progress: UploadProgress | null;
  failures: UploadFailures | null;
  /** The failures' summary, e.g. "2 of 5 images could not be uploaded". */
  title: (failed: number, total: number) => string;
  onDismiss: () => void;
}) {
  return (
    <>
      {progress && (
        <Stack gap={4} role="status">
          <Text size="xs" c="dimmed">
            Uploading {Math.min(progress.done + 1, progress.total)} of {progress.total}…
          </Text>
          <Progress value={(progress.done / progress.total) * 100} animated />
        </Stack>
      )}
      {failures && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertCircle />}
          title={title(failures.failures.length, failures.total)}
          withCloseButton
          onClose={onDismiss}
          role="alert"
        >
          <List size="sm" spacing={2}>
            {failures.failures.map((failure, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a batch's failure list never changes order
              <List.Item key={`${failure.fileName}-${index}`}>
                <Text span fw={600} size="sm">
                  {failure.fileName}
                </Text>
                : {truncateMessage(failure.message)}
              </List.Item>
            ))}
          </List>
        </Alert>
      )}
    </>
  );
}
