import type { AdminPayoutRow, AdminPayoutStatusFilter } from '@doppel/validation';
import { Select, Stack, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { transferTypeLabels } from '../../../components/payout-labels.ts';
import { PayoutStatusBadge } from '../../../components/payout-status-badge.tsx';
import { AdminList } from '../../../kit/admin-list.tsx';
import { AdminPage, AdminPageHeader } from '../../../kit/admin-page.tsx';
import { AdminTable } from '../../../kit/admin-table.tsx';
import { RowDateLink } from '../../../kit/row-date-link.tsx';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { useListParams } from '../../../kit/use-list-params.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { BankFileButton } from './bank-file-button.tsx';
import {
  emptyPayoutsText,
  formatPayoutAmount,
  payoutEntities,
  payoutListParams,
  payoutPath,
  payoutStatusFilterOptions,
} from './payout-format.ts';

const columns: DataTableColumn<AdminPayoutRow>[] = [
  {
    accessor: 'createdAt',
    title: 'Requested',
    render: (payout) => <RowDateLink to={payoutPath(payout.id)} at={payout.createdAt} testId="payout-date" relative />,
  },
  {
    accessor: 'talent',
    title: 'Talent',
    render: ({ talent }) => (
      <Stack gap={0} miw={120}>
        <Text size="sm" fw={600} data-testid="payout-talent">
          {talent.name}
        </Text>
        {talent.tag && (
          <Text size="xs" c="dimmed">
            @{talent.tag}
          </Text>
        )}
      </Stack>
    ),
  },
  {
    accessor: 'amountCents',
    title: 'Amount',
    textAlign: 'right',
    render: (payout) => (
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="payout-amount">
        {formatPayoutAmount(payout.amountCents, payout.currency)}
      </Text>
    ),
  },
  {
    accessor: 'transferType',
    title: 'Transfer',
    render: (payout) => (
      <Text size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="payout-transfer-type">
        {transferTypeLabels[payout.transferType]}
      </Text>
    ),
  },
  { accessor: 'status', title: 'Status', render: (payout) => <PayoutStatusBadge status={payout.status} /> },
];

/** /payouts: creator withdrawals newest first, filtered by status, 50 at a time, live (docs/product-rules.md#admin-back-office). */
export function PayoutListPage() {
  const { values, set } = useListParams(payoutListParams);
  const status = values.status;
  const utils = trpc.useUtils();
  const query = trpc.admin.payouts.list.useInfiniteQuery(
    { status },
    { getNextPageParam: (page) => page.nextCursor ?? undefined, placeholderData: (previous) => previous },
  );
  // The list and the bank file's count both follow payout changes.
  useAdminLive(payoutEntities, () => void utils.admin.payouts.invalidate());

  return (
    <AdminPage>
      <AdminPageHeader
        title="Payouts"
        description="Creator withdrawals and their status, newest first."
        actions={<BankFileButton />}
      >
        <Select
          label="Status"
          data={payoutStatusFilterOptions}
          value={status}
          onChange={(next) => next && set({ status: next as AdminPayoutStatusFilter })}
          allowDeselect={false}
          checkIconPosition="right"
          // The header stacks its filters in a column: a flex basis here would be a 180px height.
          maw={240}
          comboboxProps={{ withinPortal: true }}
        />
      </AdminPageHeader>
      <AdminList query={query} label="Payouts" empty={emptyPayoutsText(status)}>
        {(payouts) => <AdminTable items={payouts} columns={columns} linkTo={(payout) => payoutPath(payout.id)} label="Payouts" />}
      </AdminList>
    </AdminPage>
  );
}
