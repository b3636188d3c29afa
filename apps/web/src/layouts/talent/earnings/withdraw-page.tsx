import { formatCents } from '@doppel/validation';
import { Card, Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { trpc } from '../../../trpc/trpc.ts';
import { SettingsHeader } from '../settings/settings-page.tsx';
import { useTalentContext, useTalentLive } from '../talent-context.ts';
import type { WithdrawValues } from './earnings-format.ts';
import { WithdrawForm } from './withdraw-form.tsx';

/**
 * /earnings/withdraw (docs/product-rules.md#earnings-and-withdrawal): the amount a request would withdraw (decided by the server: all
 * that is disbursable now), the transfer type with its fields, and Request Payout, which opens a
 * review to confirm. The way back to /earnings is the header's arrow alone (one back, not two).
 * The review states the amount itself, so the amount card gives way to it (not shown twice).
 */
export function WithdrawPage() {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const withdrawal = trpc.talent.earnings.withdrawal.useQuery({ talentId });
  // Earnings settle and payouts change while the page is open; the amount follows.
  useTalentLive(talentId, () => void utils.talent.earnings.withdrawal.invalidate({ talentId }));
  const [reviewing, setReviewing] = useState<WithdrawValues | null>(null);

  return (
    <Stack gap="lg">
      <SettingsHeader title="Withdraw" description="Request a payout of everything you can withdraw now." />

      {withdrawal.isError ? (
        <ErrorAlert error={withdrawal.error} onRetry={() => void withdrawal.refetch()} />
      ) : (
        <>
          {!reviewing && (
            <Card withBorder radius="lg" padding="lg">
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                Amount
              </Text>
              {withdrawal.data ? (
                <Text fw={800} fz={32} lh={1.2} data-testid="withdraw-amount">
                  {formatCents(withdrawal.data.amountCents)}
                </Text>
              ) : (
                <Skeleton height={38} width={160} mt={4} radius="md" role="status" aria-label="Loading amount" />
              )}
            </Card>
          )}
          <WithdrawForm talentId={talentId} withdrawal={withdrawal.data} reviewing={reviewing} setReviewing={setReviewing} />
        </>
      )}
    </Stack>
  );
}
