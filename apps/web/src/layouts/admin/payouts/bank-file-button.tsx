import { Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconFileDownload } from '@tabler/icons-react';
import { useId } from 'react';
import { notifySuccess } from '../../../components/notify-success.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { bankFileNote, formatPayoutMoney } from './payout-format.ts';

/** Hands the browser a file made here, as a download under `filename`. */
function saveFile(filename: string, content: string, type: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the file over; the address is no longer needed.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * "Download bank file": the pending bank-transfer payouts as one pain.001 credit-transfer file to
 * upload to the bank. Disabled, with the reason on the line under it, until the server has a debtor
 * account and there is a pending bank payout. Making the file changes no payout; a refusal shows
 * as the app's error toast.
 */
export function BankFileButton() {
  const noteId = useId();
  const status = trpc.admin.payouts.bankFileStatus.useQuery();
  const bankFile = trpc.admin.payouts.bankFile.useMutation({
    onSuccess: (file) => {
      saveFile(file.filename, file.xml, 'application/xml');
      notifySuccess(
        `Bank file downloaded: ${file.payoutCount} ${file.payoutCount === 1 ? 'payout' : 'payouts'}, ${formatPayoutMoney(file.totalCents, 'USD')} in all.`,
      );
    },
  });
  const note = status.data ? bankFileNote(status.data) : null;

  return (
    <Stack gap={4} align="flex-end" maw={320}>
      <Button
        leftSection={<IconFileDownload size={18} />}
        variant="default"
        disabled={!note?.ready}
        loading={bankFile.isPending}
        onClick={() => bankFile.mutate()}
        aria-describedby={noteId}
      >
        Download bank file
      </Button>
      {status.isPending ? (
        <Skeleton height={12} width={140} id={noteId} aria-label="Loading the bank file status" />
      ) : (
        <Text id={noteId} size="xs" c={status.isError ? 'red' : 'dimmed'} ta="right" data-testid="bank-file-note">
          {status.isError ? 'Could not check the pending bank payouts.' : note?.text}
        </Text>
      )}
    </Stack>
  );
}
