import type { AdminModelDetail } from '@doppel/validation';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useId } from 'react';
import { notifySuccess } from '../../../components/notify-success.ts';
import { describeError } from '../../../errors/describe-error.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { canGenerate } from './model-format.ts';

/**
 * "Generate new version": snapshots the saved examples into a new version that a worker job
 * fine-tunes (docs/product-rules.md#model-version-statuses). Blocked while the detail, and with it the server's check, loads or
 * refetches, while a request runs, and while the server gives a reason, shown under the button.
 */
export function GenerateVersionButton({ model, checking }: { model: AdminModelDetail; checking: boolean }) {
  const reasonId = useId();
  const utils = trpc.useUtils();
  const generate = trpc.admin.models.generateVersion.useMutation({
    onSuccess: (saved) => {
      utils.admin.models.get.setData({ modelId: saved.id }, saved);
      void utils.admin.models.list.invalidate();
      notifySuccess('Generating a new version…');
    },
  });
  const blockedReason = model.generateBlockedReason;
  const enabled = canGenerate({ checking, generating: generate.isPending, blockedReason });

  return (
    <Stack gap={4} align="flex-end" maw={360}>
      <Button
        leftSection={<IconSparkles size={18} />}
        disabled={!enabled}
        loading={generate.isPending}
        onClick={() => generate.mutate({ modelId: model.id })}
        aria-describedby={blockedReason ? reasonId : undefined}
        data-testid="generate-version"
      >
        Generate new version
      </Button>
      {blockedReason && (
        <Text id={reasonId} size="xs" c="dimmed" ta="right" data-testid="generate-blocked-reason">
          {blockedReason}
        </Text>
      )}
      {generate.isError && (
        <Alert color="red" variant="light" py={6} data-testid="generate-error">
          {describeError(generate.error).message}
        </Alert>
      )}
    </Stack>
  );
}
