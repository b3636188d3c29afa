import { Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { notifySuccess } from '../../../components/notify-success.ts';
import { handleError } from '../../../errors/handle-error.ts';
import { trpc } from '../../../trpc/trpc.ts';

/** Queues a health check now (admin.status.check); the result arrives live when the worker has run it. */
export function CheckNowButton() {
  const check = trpc.admin.status.check.useMutation({
    onSuccess: (result) => notifySuccess(result.queued ? 'Health check queued.' : 'A health check is already waiting to run.'),
    onError: (error) => handleError(error),
  });
  return (
    <Button leftSection={<IconRefresh size={18} />} onClick={() => check.mutate()} loading={check.isPending}>
      Check now
    </Button>
  );
}
