import { Button, Stack } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { trpc } from '../../../trpc/trpc.ts';
import { downloadTextFile } from './download-file.ts';

/** Downloads the twin's monthly statements as a CSV file (`talent.earnings.statement`). */
export function StatementButton({ talentId }: { talentId: string }) {
  const utils = trpc.useUtils();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const download = async () => {
    setPending(true);
    setError(null);
    try {
      // Always fresh: a statement downloaded a minute ago may miss a payout requested since.
      const statement = await utils.talent.earnings.statement.fetch({ talentId }, { staleTime: 0 });
      downloadTextFile(statement.filename, statement.csv);
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  };

  return (
    <Stack gap="xs">
      <Button
        variant="default"
        leftSection={<IconDownload size={16} />}
        loading={pending}
        onClick={() => void download()}
        w="fit-content"
      >
        Download statements (CSV)
      </Button>
      {error !== null && <ErrorAlert error={error} title="Could not download the statements" onRetry={() => void download()} />}
    </Stack>
  );
}
