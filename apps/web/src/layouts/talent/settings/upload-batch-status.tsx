import { Alert, List, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { describeError } from '../../../errors/describe-error.ts';
import { handleError } from '../../../errors/handle-error.ts';
import { truncateMessage } from '../../../errors/truncate-message.ts';
import { type BatchFailure, runUploadBatch } from './batch-upload.ts';

export type UploadProgress = { done: number; total: number };
export type UploadFailures = { failures: BatchFailure[]; total: number };

/**
 * A multi-file upload, one file after another: `handle` stores and adds one file, `check` refuses
 * one before it is sent; the failures are collected, reported once (not a toast per file), and
 * `done` runs after the batch (the lists to refresh). `label` and `path` name it in error reports.
 */
export function useUploadBatch(options: {
  handle: (file: File) => Promise<unknown>;
  check: (file: File) => string | null;
  done: () => void;
  label: string;
  path: string;
}) {
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const [failures, setFailures] = useState<UploadFailures | null>(null);
  const uploadAll = async (files: File[]) => {
    if (files.length === 0) return;
    setFailures(null);
    setProgress({ done: 0, total: files.length });
    // The raw client in `handle`: a batch reports its failures once, together.
    const result = await runUploadBatch(files, options.handle, {
      check: options.check,
      describe: (error) => describeError(error).message,
      onProgress: (done) => setProgress({ done, total: files.length }),
    });
    setProgress(null);
    options.done();
    if (result.failures.length > 0) {
      setFailures({ failures: result.failures, total: files.length });
      const summary = result.failures.map((failure) => `${failure.fileName}: ${failure.message}`).join('; ');
      handleError(new Error(`${options.label}: ${summary}`), { path: options.path, notify: false });
    }
  };
  return { progress, failures, uploadAll, dismiss: () => setFailures(null) };
}

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
