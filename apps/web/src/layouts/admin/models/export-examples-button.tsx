import type { AdminModelDetail } from '@doppel/validation';
import { Alert, Button, Stack } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { notifySuccess } from '../../../components/notify-success.ts';
import { describeError } from '../../../errors/describe-error.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { downloadTextFile } from '../../talent/earnings/download-file.ts';

/**
 * "Export training data": the saved examples as OpenAI chat JSONL (docs/fine-tuning.md#bring-your-own-model),
 * the file operators train a LoRA on elsewhere before registering it back as a version.
 */
export function ExportExamplesButton({ model }: { model: AdminModelDetail }) {
  const utils = trpc.useUtils();
  const [exporting, setExporting] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const exportFile = async () => {
    setExporting(true);
    setError(null);
    try {
      const file = await utils.admin.models.exportTrainingData.fetch({ modelId: model.id }, { staleTime: 0 });
      downloadTextFile(file.fileName, file.jsonl, 'application/jsonl;charset=utf-8');
      notifySuccess(`Exported ${file.exampleCount} ${file.exampleCount === 1 ? 'example' : 'examples'}.`);
    } catch (caught) {
      setError(caught);
    } finally {
      setExporting(false);
    }
  };
  return (
    <Stack gap={4} align="flex-end" maw={360}>
      <Button
        variant="default"
        leftSection={<IconFileDownload size={18} />}
        loading={exporting}
        disabled={model.exampleCount === 0}
        onClick={() => void exportFile()}
        data-testid="export-examples"
      >
        Export training data
      </Button>
      {error !== null && (
        <Alert color="red" variant="light" py={6} data-testid="export-error">
          {describeError(error).message}
        </Alert>
      )}
    </Stack>
  );
}
