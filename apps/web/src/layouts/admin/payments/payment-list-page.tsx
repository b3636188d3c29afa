import type { AdminPaymentPriceTypeFilter, AdminPaymentRow } from '@doppel/validation';
import { Group, Select, Stack, Switch, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { useEffect, useState } from 'react';
import { AdminList } from '../../../kit/admin-list.tsx';
import { AdminPage, AdminPageHeader } from '../../../kit/admin-page.tsx';
import { AdminTable } from '../../../kit/admin-table.tsx';
import { RowDateLink } from '../../../kit/row-date-link.tsx';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { useListParams } from '../../../kit/use-list-params.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { fanLabel } from '../chats/chat-format.ts';
import { PaymentProblemBadge, PaymentStatusBadge, PriceChip, PriceTypeBadge, SandboxBadge } from './payment-badges.tsx';
import { emptyPaymentsText, paymentEntities, paymentListParams, paymentPath, priceTypeFilterOptions } from './payment-format.ts';

const columns: DataTableColumn<AdminPaymentRow>[] = [
  {
    accessor: 'createdAt',
    title: 'Date',
    render: (payment) => <RowDateLink to={paymentPath(payment.id)} at={payment.createdAt} testId="payment-date" relative />,
  },
  {
    accessor: 'user',
    title: 'User',
    render: ({ user }) =>
      user ? (
        <Stack gap={0} miw={140}>
          <Text size="sm" fw={600} data-testid="payment-user">
            {fanLabel(user)}
          </Text>
          {user.email && user.name.trim() && (
            <Text size="xs" c="dimmed">
              {user.email}
            </Text>
          )}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" data-testid="payment-user">
          Deleted user
        </Text>
      ),
  },
  {
    accessor: 'talent',
    title: 'Talent',
    render: ({ talent }) =>
      talent ? (
        <Stack gap={0} miw={120}>
          <Text size="sm" data-testid="payment-talent">
            {talent.name}
          </Text>
          {talent.tag && (
            <Text size="xs" c="dimmed">
              @{talent.tag}
            </Text>
          )}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" data-testid="payment-talent">
          —
        </Text>
      ),
  },
  {
    accessor: 'productName',
    title: 'Product',
    render: (payment) => (
      <Text size="sm" miw={120} data-testid="payment-product">
        {payment.productName ?? 'Deleted product'}
      </Text>
    ),
  },
  { accessor: 'price', title: 'Price', render: (payment) => <PriceChip payment={payment} /> },
  { accessor: 'priceType', title: 'Type', render: (payment) => <PriceTypeBadge priceType={payment.priceType} /> },
  {
    accessor: 'status',
    title: 'Status',
    render: (payment) => (
      <Group gap={4} wrap="nowrap" style={{ minWidth: 'max-content' }}>
        <PaymentStatusBadge status={payment.status} />
        {payment.problem && <PaymentProblemBadge problem={payment.problem} />}
        {payment.isSandbox && <SandboxBadge />}
      </Group>
    ),
  },
];

/** /payments: purchases newest first, sandbox ones hidden unless switched on, 50 at a time, live (docs/product-rules.md#admin-back-office). */
export function PaymentListPage() {
  const { values, set } = useListParams(paymentListParams);
  const showSandbox = values.sandbox === 'shown';
  // The router applies address changes in a transition; the switch follows the click at once.
  const [sandboxChecked, setSandboxChecked] = useState(showSandbox);
  useEffect(() => setSandboxChecked(showSandbox), [showSandbox]);
  const priceType = values.type;
  const utils = trpc.useUtils();
  const query = trpc.admin.payments.list.useInfiniteQuery(
    { showSandbox, priceType },
    { getNextPageParam: (page) => page.nextCursor ?? undefined, placeholderData: (previous) => previous },
  );
  useAdminLive(paymentEntities, () => void utils.admin.payments.list.invalidate());

  return (
    <AdminPage>
      <AdminPageHeader title="Payments" description="Credit purchases and subscriptions, newest first.">
        <Group align="flex-end" gap="lg" wrap="wrap">
          <Select
            label="Price type"
            data={priceTypeFilterOptions}
            value={priceType}
            onChange={(type) => type && set({ type: type as AdminPaymentPriceTypeFilter })}
            allowDeselect={false}
            checkIconPosition="right"
            style={{ flex: '1 1 180px', maxWidth: 240 }}
            comboboxProps={{ withinPortal: true }}
          />
          <Switch
            label="Show sandbox"
            description="Test purchases without real money"
            checked={sandboxChecked}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setSandboxChecked(checked);
              set({ sandbox: checked ? 'shown' : 'hidden' });
            }}
            pb={4}
          />
        </Group>
      </AdminPageHeader>
      <AdminList query={query} label="Payments" empty={emptyPaymentsText({ showSandbox, priceType })}>
        {(payments) => (
          <AdminTable items={payments} columns={columns} linkTo={(payment) => paymentPath(payment.id)} label="Payments" />
        )}
      </AdminList>
    </AdminPage>
  );
}
