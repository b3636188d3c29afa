import type { AdminModelDetail, QualityCompareOutput } from '@doppel/validation';
import { Alert, Badge, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { notifySuccess } from '../../../components/notify-success.ts';
import { regressionLabel } from '../../../components/quality-format.ts';
import { describeError } from '../../../errors/describe-error.ts';
import { handleError } from '../../../errors/handle-error.ts';
import { ConfirmButton } from '../../../kit/confirm-button.tsx';
import { trpc } from '../../../trpc/trpc.ts';
import { WorseCases } from './version-comparison.tsx';

function useSaveModel() {
  const utils = trpc.useUtils();
  return (saved: AdminModelDetail) => {
    utils.admin.models.get.setData({ modelId: saved.id }, saved);
    void utils.admin.models.list.invalidate();
    void utils.admin.quality.model.invalidate({ modelId: saved.id });
    notifySuccess();
  };
}

/**
 * Make Default with the quality guard (docs/quality.md): the version's check is compared with the
 * default's first; when something scores worse, a confirmation says what before the admin goes on.
 * The server checks again (a check still running is refused there, with its message shown here).
 */
export function MakeDefaultButton({ modelId, versionId }: { modelId: string; versionId: string }) {
  const utils = trpc.useUtils();
  const saveModel = useSaveModel();
  const [worse, setWorse] = useState<QualityCompareOutput | null>(null);
  const [comparing, setComparing] = useState(false);
  const makeDefault = trpc.admin.models.makeDefault.useMutation({
    onSuccess: (saved) => {
      setWorse(null);
      saveModel(saved);
    },
  });
  const start = async () => {
    makeDefault.reset();
    setComparing(true);
    try {
      const compared = await utils.admin.quality.compare.fetch({ modelId, versionId });
      if (!compared.versionRunning && compared.regressions.length > 0) setWorse(compared);
      else makeDefault.mutate({ modelId, versionId });
    } catch (error) {
      handleError(error);
    } finally {
      setComparing(false);
    }
  };
  return (
    <>
      {makeDefault.isError && !worse && (
        <Alert color="red" variant="light" data-testid="make-default-error">
          {describeError(makeDefault.error).message}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button
          variant="light"
          loading={comparing || (makeDefault.isPending && !worse)}
          onClick={() => void start()}
          data-testid="make-default"
        >
          Make Default
        </Button>
      </Group>
      <Modal opened={worse !== null} onClose={() => setWorse(null)} title="This version scores worse" size="lg">
        {worse && (
          <Stack gap="sm" data-testid="make-default-confirm">
            <Text size="sm">Its quality check scores worse than the current default’s:</Text>
            <Group gap={6} wrap="wrap">
              {worse.regressions.map((regression) => (
                <Badge key={regression.category ?? 'overall'} color="red" variant="light">
                  {regressionLabel(regression)}
                </Badge>
              ))}
            </Group>
            <WorseCases cases={worse.worseCases} />
            {makeDefault.isError && (
              <Alert color="red" variant="light">
                {describeError(makeDefault.error).message}
              </Alert>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setWorse(null)}>
                Cancel
              </Button>
              <Button
                color="red"
                loading={makeDefault.isPending}
                onClick={() => makeDefault.mutate({ modelId, versionId, confirmWorse: true })}
                data-testid="make-default-anyway"
              >
                Make Default anyway
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}

/** Roll back: the default before the last Make Default becomes the default again, for the twin too. */
export function RollBackButton({ modelId, previousVersionId }: { modelId: string; previousVersionId: string }) {
  const saveModel = useSaveModel();
  const rollBack = trpc.admin.models.rollBack.useMutation({ onSuccess: saveModel, onError: (error) => handleError(error) });
  return (
    <ConfirmButton
      size="xs"
      variant="light"
      color="orange"
      title="Roll back to the previous default?"
      message={`Version ${previousVersionId.slice(0, 8)} becomes the default again; the twin answers with it from its next reply.`}
      confirmLabel="Roll back"
      loading={rollBack.isPending}
      onConfirm={() => rollBack.mutate({ modelId })}
      data-testid="model-roll-back"
    >
      Roll back
    </ConfirmButton>
  );
}
