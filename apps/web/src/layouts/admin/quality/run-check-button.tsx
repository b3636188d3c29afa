import { Button } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { notifySuccess } from '../../../components/notify-success.ts';
import { handleError } from '../../../errors/handle-error.ts';
import { trpc } from '../../../trpc/trpc.ts';

/** "Run check": queues a check of the twin's current setup, or of one version; the result shows live. */
export function RunCheckButton({
  talentId,
  modelVersionId,
  disabled,
  label,
  testId,
}: {
  talentId: string;
  modelVersionId?: string;
  disabled?: boolean;
  label: string;
  testId: string;
}) {
  const utils = trpc.useUtils();
  const runNow = trpc.admin.quality.runNow.useMutation({
    onSuccess: () => {
      notifySuccess('Check queued');
      void utils.admin.quality.invalidate();
    },
    onError: (error) => handleError(error),
  });
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconPlayerPlay size={14} />}
      loading={runNow.isPending}
      disabled={disabled}
      onClick={() => runNow.mutate({ talentId, modelVersionId: modelVersionId ?? null })}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}
