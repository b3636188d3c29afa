import { Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { trpc } from '../../../trpc/trpc.ts';
import { SettingsHeader } from '../settings/settings-page.tsx';
import { useTalentContext, useTalentLive } from '../talent-context.ts';
import { DisbursableCard } from './disbursable-card.tsx';
import { MonthAccordion } from './month-accordion.tsx';
import { PayoutList } from './payout-list.tsx';
import { StatementButton } from './statement-button.tsx';

/**
 * /earnings (docs/product-rules.md#earnings-and-withdrawal): the disbursable amount with Withdraw, the months with their daily chart and
 * breakdown, the statements download and the last payouts. Live: any change of the twin (a paid
 * message, a settled day, a payout an admin executed) refetches what is on screen.
 */
export function EarningsPage() {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const overview = trpc.talent.earnings.overview.useQuery({ talentId });
  useTalentLive(talentId, () => void utils.talent.earnings.invalidate());

  return (
    <Stack gap="lg">
      <SettingsHeader title="Earnings" description="What your twin has earned, month by month, and your payouts." />

      {overview.isError ? (
        <ErrorAlert error={overview.error} onRetry={() => void overview.refetch()} />
      ) : !overview.data ? (
        <Stack gap="md" role="status" aria-label="Loading earnings">
          <Skeleton height={150} radius="lg" />
          <Skeleton height={64} radius="lg" />
          <Skeleton height={64} radius="lg" />
        </Stack>
      ) : (
        <>
          <DisbursableCard
            disbursableCents={overview.data.disbursableCents}
            minimumPayoutCents={overview.data.minimumPayoutCents}
          />
          <Stack gap="sm">
            <Title order={3} fz="lg">
              Months
            </Title>
            {overview.data.months.length === 0 ? (
              <NoEarnings />
            ) : (
              <>
                <MonthAccordion talentId={talentId} months={overview.data.months} />
                <StatementButton talentId={talentId} />
              </>
            )}
          </Stack>
        </>
      )}

      <Stack gap="sm">
        <Title order={3} fz="lg">
          Last payouts
        </Title>
        <PayoutList talentId={talentId} />
      </Stack>
    </Stack>
  );
}

function NoEarnings() {
  return (
    <Paper withBorder radius="lg" p="xl" data-testid="earnings-empty">
      <Stack align="center" gap="xs">
        <ThemeIcon size={44} radius="xl" variant="light">
          <IconCoins size={24} />
        </ThemeIcon>
        <Text fw={700}>No earnings yet</Text>
        <Text size="sm" c="dimmed" ta="center">
          When fans pay to message your twin, unlock its images and voice notes or subscribe, your share shows up here.
        </Text>
      </Stack>
    </Paper>
  );
}
