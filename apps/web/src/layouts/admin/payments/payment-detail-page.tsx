import type { AdminPaymentDetail } from '@doppel/validation';
import { Alert, Anchor, Badge, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { formatDateTime } from '../../../components/format-date.ts';
import { formatPrice } from '../../../components/money.ts';
import { AdminPage, AdminPageHeader } from '../../../kit/admin-page.tsx';
import { DetailLoadState } from '../../../kit/detail-load-state.tsx';
import { RecordLink } from '../../../kit/record-link.tsx';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { fanLabel } from '../chats/chat-format.ts';
import { PaymentProblemBadge, PaymentStatusBadge, PriceChip, PriceTypeBadge, SandboxBadge } from './payment-badges.tsx';
import { CopyValue, DetailCard, Field, StripeValue } from './payment-fields.tsx';
import { paymentEntities, providerLabels } from './payment-format.ts';
import { PaymentMovements } from './payment-movements.tsx';

/** /payments/:paymentId: price chip, fan and twin, provider ids with dashboard links, subscription, movements (docs/product-rules.md#admin-back-office). */
export function PaymentDetailPage() {
  const { paymentId = '' } = useParams();
  const utils = trpc.useUtils();
  const query = trpc.admin.payments.get.useQuery({ paymentId });
  useAdminLive(paymentEntities, () => void utils.admin.payments.get.invalidate({ paymentId }));

  if (!query.data) return <DetailLoadState query={query} noun="Payment" backTo="/payments" />;
  const payment = query.data;
  return (
    <AdminPage>
      <AdminPageHeader
        title={payment.productName ?? 'Payment'}
        backTo="/payments"
        description={
          <Group gap="xs" mt={6} wrap="wrap">
            <PriceChip payment={payment} size="lg" />
            <PriceTypeBadge priceType={payment.priceType} size="md" />
            <PaymentStatusBadge status={payment.status} size="md" />
            {payment.problem && <PaymentProblemBadge problem={payment.problem} size="md" />}
            {payment.isSandbox && <SandboxBadge size="md" />}
            <RecordLink table="payments" id={payment.id} />
          </Group>
        }
      />
      {payment.problem && (
        <Alert color="red" variant="light" mb="md" title="This payment bought nothing" data-testid="payment-problem-reason">
          {payment.problem.reason} No credits or earnings were booked for it.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <DetailCard title="Payment">
          <Field label="Date" testId="payment-detail-date" value={formatDateTime(payment.createdAt)} />
          <Field label="Provider" testId="payment-provider" value={providerLabels[payment.provider]} />
          <Field
            label="Movement key"
            testId="payment-movement-key"
            value={<CopyValue value={payment.movementKey} label="movement key" />}
          />
          {payment.productCredits !== null && (
            <Field label="Credits" testId="payment-product-credits" value={String(payment.productCredits)} />
          )}
          {payment.reversedAmount > 0 && (
            <Field
              label="Given back"
              testId="payment-reversed-amount"
              value={formatPrice({ ...payment.price, amount: payment.reversedAmount })}
            />
          )}
          <Field label="ID" testId="payment-id" value={<CopyValue value={payment.id} label="payment id" />} />
        </DetailCard>
        <People payment={payment} />
        <ProviderIds payment={payment} />
        {payment.subscription && (
          <DetailCard title="Subscription">
            <Field
              label="Status"
              testId="payment-subscription-status"
              value={
                <Badge size="sm" variant="light" tt="none" color={payment.subscription.status === 'ACTIVE' ? 'teal' : 'gray'}>
                  {payment.subscription.status === 'ACTIVE' ? 'Active' : 'Ended'}
                </Badge>
              }
            />
            <Field
              label="Paid until"
              testId="payment-subscription-period-end"
              value={formatDateTime(payment.subscription.currentPeriodEnd)}
            />
            {payment.subscription.endedAt && (
              <Field label="Ended" testId="payment-subscription-ended-at" value={formatDateTime(payment.subscription.endedAt)} />
            )}
          </DetailCard>
        )}
      </SimpleGrid>
      <PaymentMovements payment={payment} />
    </AdminPage>
  );
}

function People({ payment }: { payment: AdminPaymentDetail }) {
  const { user, talent } = payment;
  return (
    <DetailCard title="User and talent">
      <Field
        label="User"
        testId="payment-detail-user"
        value={
          user ? (
            <Stack gap={0} align="flex-end">
              <Anchor component={Link} to={`/users/${user.id}`} size="sm" fw={600}>
                {fanLabel(user)}
              </Anchor>
              {user.email && user.name.trim() && (
                <Text size="xs" c="dimmed">
                  {user.email}
                </Text>
              )}
            </Stack>
          ) : (
            'Deleted user'
          )
        }
      />
      <Field
        label="Talent"
        testId="payment-detail-talent"
        value={
          talent ? (
            <Anchor component={Link} to={`/talents/${talent.id}`} size="sm" fw={600}>
              {talent.name}
              {talent.tag && (
                <Text span c="dimmed" size="sm">
                  {' '}
                  @{talent.tag}
                </Text>
              )}
            </Anchor>
          ) : (
            '—'
          )
        }
      />
    </DetailCard>
  );
}

function ProviderIds({ payment }: { payment: AdminPaymentDetail }) {
  const none =
    !payment.stripePaymentIntentId && !payment.stripeInvoiceId && !payment.appleTransactionId && !payment.googleTransactionId;
  return (
    <DetailCard title="Provider">
      {payment.stripePaymentIntentId && (
        <Field
          label="Stripe payment"
          testId="payment-stripe-payment-intent"
          value={
            <StripeValue
              id={payment.stripePaymentIntentId}
              href={payment.stripeLinks.paymentIntent}
              label="Stripe payment id"
              testId="payment-stripe-payment-link"
            />
          }
        />
      )}
      {payment.stripeInvoiceId && (
        <Field
          label="Stripe invoice"
          testId="payment-stripe-invoice"
          value={
            <StripeValue
              id={payment.stripeInvoiceId}
              href={payment.stripeLinks.invoice}
              label="Stripe invoice id"
              testId="payment-stripe-invoice-link"
            />
          }
        />
      )}
      {payment.appleTransactionId && (
        <Field
          label="Apple transaction ID"
          testId="payment-apple-transaction-id"
          value={<CopyValue value={payment.appleTransactionId} label="Apple transaction id" />}
        />
      )}
      {payment.googleTransactionId && (
        <Field
          label="Google order ID"
          testId="payment-google-order-id"
          value={<CopyValue value={payment.googleTransactionId} label="Google order id" />}
        />
      )}
      {none && (
        <Text size="sm" c="dimmed" data-testid="payment-provider-none">
          {payment.isSandbox ? 'No provider ids: a sandbox payment moves no real money.' : 'No provider ids recorded.'}
        </Text>
      )}
    </DetailCard>
  );
}
