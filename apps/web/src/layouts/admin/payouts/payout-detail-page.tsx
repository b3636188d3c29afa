import { type AdminPayoutDetail, formatIban, payoutReasonText } from '@doppel/validation';
import { Alert, Anchor, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { formatDateTime } from '../../../components/format-date.ts';
import { notifySuccess } from '../../../components/notify-success.ts';
import { transferTypeLabels } from '../../../components/payout-labels.ts';
import { PayoutStatusBadge } from '../../../components/payout-status-badge.tsx';
import { describeError } from '../../../errors/describe-error.ts';
import { AdminPage, AdminPageHeader } from '../../../kit/admin-page.tsx';
import { ConfirmButton } from '../../../kit/confirm-button.tsx';
import { DetailLoadState } from '../../../kit/detail-load-state.tsx';
import { HistoryCard } from '../../../kit/history-card.tsx';
import { RecordLink } from '../../../kit/record-link.tsx';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { CopyValue, DetailCard, Field } from '../payments/payment-fields.tsx';
import { formatPayoutAmount, payoutEntities, personLabel } from './payout-format.ts';
import { PayoutSettingsForm } from './payout-settings-form.tsx';
import { PayoutTimeline } from './payout-timeline.tsx';

/** /payouts/:payoutId: amount and status, talent, details, PayPal, timeline and the settings form (docs/product-rules.md#admin-back-office). */
export function PayoutDetailPage() {
  const { payoutId = '' } = useParams();
  const utils = trpc.useUtils();
  const query = trpc.admin.payouts.get.useQuery({ payoutId });
  useAdminLive(payoutEntities, () => void utils.admin.payouts.get.invalidate({ payoutId }));

  if (!query.data) return <DetailLoadState query={query} noun="Payout" backTo="/payouts" />;
  const payout = query.data;
  return (
    <AdminPage>
      <AdminPageHeader
        title={formatPayoutAmount(payout.amountCents, payout.currency)}
        backTo="/payouts"
        description={
          <Group gap="xs" mt={6} wrap="wrap">
            <PayoutStatusBadge status={payout.status} size="md" />
            <Anchor
              component={Link}
              to={`/talents/${encodeURIComponent(payout.talent.id)}`}
              size="sm"
              fw={600}
              data-testid="payout-talent"
            >
              {payout.talent.name}
              {payout.talent.tag && (
                <Text span c="dimmed" size="sm">
                  {' '}
                  @{payout.talent.tag}
                </Text>
              )}
            </Anchor>
            <RecordLink table="payouts" id={payout.id} />
          </Group>
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <PayoutDetails payout={payout} />
        <Stack gap="md">
          <PayoutSettingsForm payout={payout} />
          {payout.transferType === 'PAYPAL' && <PayPalCard payout={payout} />}
        </Stack>
      </SimpleGrid>
      <PayoutTimeline payout={payout} />
      <HistoryCard entity="payout" entityId={payout.id} />
    </AdminPage>
  );
}

function PayoutDetails({ payout }: { payout: AdminPayoutDetail }) {
  const reason = payoutReasonText(payout.status, payout.rejectionReason);
  const orDash = (value: string | null) => value?.trim() || '—';
  return (
    <DetailCard title="Payout details">
      <Field label="Transfer type" testId="payout-transfer-type" value={transferTypeLabels[payout.transferType]} />
      {payout.transferType === 'BANK_TRANSFER' ? (
        <>
          <Field label="Account holder" testId="payout-account-holder" value={orDash(payout.accountHolderName)} />
          <Field
            label="IBAN"
            testId="payout-iban"
            value={payout.iban ? <CopyValue value={formatIban(payout.iban)} label="IBAN" /> : '—'}
          />
          <Field label="BIC" testId="payout-bic" value={orDash(payout.bic)} />
        </>
      ) : (
        <Field label="PayPal email" testId="payout-paypal-email" value={orDash(payout.payPalEmail)} />
      )}
      <Field label="Tax ID" testId="payout-tax-id" value={orDash(payout.taxId)} />
      <Field label="Requested" testId="payout-requested-at" value={formatDateTime(payout.requestedAt)} />
      <Field
        label="Requested by"
        testId="payout-requested-by"
        value={
          payout.requestedBy ? (
            <Anchor component={Link} to={`/users/${encodeURIComponent(payout.requestedBy.id)}`} size="sm">
              {personLabel(payout.requestedBy)}
            </Anchor>
          ) : (
            '—'
          )
        }
      />
      {reason !== null && (
        <Field
          label="Reason"
          testId="payout-reason"
          value={
            <Text span size="sm" c="red.8">
              {reason}
            </Text>
          }
        />
      )}
      <Field label="ID" testId="payout-id" value={<CopyValue value={payout.id} label="payout id" />} />
    </DetailCard>
  );
}

/**
 * "PayPal": sends a pending PayPal payout through PayPal Payouts (PayPal pays once however often it
 * is sent); a job then follows the batch and marks the payout Executed or Failed.
 */
function PayPalCard({ payout }: { payout: AdminPayoutDetail }) {
  const utils = trpc.useUtils();
  const send = trpc.admin.payouts.sendPayPal.useMutation({
    onSuccess: (saved) => {
      utils.admin.payouts.get.setData({ payoutId: saved.id }, saved);
      notifySuccess('Sent to PayPal.');
    },
  });
  const { payPal } = payout;
  return (
    <DetailCard title="PayPal">
      {!payPal.configured && (
        <Text size="sm" c="dimmed" data-testid="payout-paypal-not-configured">
          PayPal payouts are not configured on this server; pay outside Doppel and mark the payout Executed.
        </Text>
      )}
      {payPal.batchId && (
        <>
          <Field
            label="Batch ID"
            testId="payout-paypal-batch-id"
            value={<CopyValue value={payPal.batchId} label="PayPal batch id" />}
          />
          <Field label="Batch status" testId="payout-paypal-batch-status" value={payPal.batchStatus ?? '—'} />
          {payPal.sentAt && <Field label="Sent" testId="payout-paypal-sent-at" value={formatDateTime(payPal.sentAt)} />}
        </>
      )}
      {payPal.configured && !payPal.batchId && payout.status !== 'PENDING' && (
        <Text size="sm" c="dimmed" data-testid="payout-paypal-not-sent">
          Not sent through PayPal. Only pending payouts can be sent.
        </Text>
      )}
      {send.error && (
        <Alert color="red" variant="light" data-testid="payout-paypal-error">
          {describeError(send.error).message}
        </Alert>
      )}
      {payPal.configured && payout.status === 'PENDING' && (
        <Group justify="flex-end">
          <ConfirmButton
            color="blue"
            title="Send with PayPal?"
            message={`PayPal pays ${formatPayoutAmount(payout.amountCents, payout.currency)} to ${payout.payPalEmail ?? 'the PayPal account'}. The payout is marked Executed once PayPal confirms it.`}
            confirmLabel="Send"
            loading={send.isPending}
            onConfirm={() => send.mutate({ payoutId: payout.id })}
          >
            Send with PayPal
          </ConfirmButton>
        </Group>
      )}
    </DetailCard>
  );
}
