import { payoutDetailsInput, type Withdrawal } from '@doppel/validation';
import { Alert, Button, Group, Paper, Radio, Stack, Text, TextInput } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { notifySuccess } from '../../../components/notify-success.ts';
import { transferTypeLabels } from '../../../components/payout-labels.ts';
import { describeError } from '../../../errors/describe-error.ts';
import { truncateMessage } from '../../../errors/truncate-message.ts';
import { splitFieldErrors } from '../../../forms/server-errors.ts';
import { useSyncFormWithData } from '../../../forms/use-sync-form-with-data.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { belowMinimumText, chosenDetails, type WithdrawValues, withdrawFields, withdrawValues } from './earnings-format.ts';
import { WithdrawReviewCard } from './withdraw-review-card.tsx';

const validateDetails = schemaResolver(payoutDetailsInput, { sync: true });

/** The success message for a payout request (docs/product-rules.md#errors-and-success-messages). */
const payoutRequestedMessage = 'Payout requested!';

/**
 * The payout destination, prefilled with the details used last time and checked with the same
 * schema as `talent.earnings.requestPayout` (IBAN and BIC with ibantools). Request Payout only opens the
 * review (amount, destination, arrival); its Confirm sends. The amount is not sent: the server
 * withdraws everything disbursable at that instant.
 */
export function WithdrawForm({
  talentId,
  withdrawal,
  reviewing,
  setReviewing,
}: {
  talentId: string;
  withdrawal: Withdrawal | undefined;
  /** The checked details being reviewed; null while the form is shown (the page hides its amount card meanwhile). */
  reviewing: WithdrawValues | null;
  setReviewing: (values: WithdrawValues | null) => void;
}) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const [otherError, setOtherError] = useState<string | null>(null);
  const request = trpc.talent.earnings.requestPayout.useMutation();
  const remembered = withdrawValues(withdrawal?.details ?? null);
  const form = useForm<WithdrawValues>({
    mode: 'controlled',
    initialValues: remembered,
    validate: (values) => validateDetails(chosenDetails(values)),
  });
  // The remembered details usually arrive after the first render; unsaved typing is never overwritten.
  useSyncFormWithData(form, remembered);

  const hint = withdrawal ? belowMinimumText(withdrawal.amountCents, withdrawal.minimumPayoutCents) : null;
  const bank = form.values.transferType === 'BANK_TRANSFER';

  const review = form.onSubmit((values) => {
    setOtherError(null);
    setReviewing(chosenDetails(values));
  });

  const confirm = (values: WithdrawValues) => {
    setOtherError(null);
    request.mutate(
      { talentId, ...values },
      {
        onSuccess: () => {
          notifySuccess(payoutRequestedMessage);
          void utils.talent.earnings.invalidate();
          navigate('/earnings');
        },
        onError: (error) => {
          const described = describeError(error);
          const { onFields, other } = splitFieldErrors(described.fieldErrors, withdrawFields);
          form.setErrors(onFields);
          setOtherError(other ?? (described.fieldErrors ? null : described.message));
          // A field the server refused is fixed on the form, so the review gives way to it.
          if (Object.keys(onFields).length > 0) setReviewing(null);
        },
      },
    );
  };

  if (reviewing && withdrawal) {
    return (
      <WithdrawReviewCard
        amountCents={withdrawal.amountCents}
        values={reviewing}
        sending={request.isPending}
        error={otherError}
        onConfirm={() => confirm(reviewing)}
        onBack={() => {
          setOtherError(null);
          setReviewing(null);
        }}
      />
    );
  }

  return (
    <form onSubmit={review} noValidate>
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
        <Stack gap="md">
          <Radio.Group
            label="Transfer type"
            {...form.getInputProps('transferType')}
            onChange={(value) => {
              form.setFieldValue('transferType', value as WithdrawValues['transferType']);
              form.clearErrors();
            }}
          >
            <Group gap="lg" mt="xs">
              <Radio value="BANK_TRANSFER" label={transferTypeLabels.BANK_TRANSFER} />
              <Radio value="PAYPAL" label={transferTypeLabels.PAYPAL} />
            </Group>
          </Radio.Group>

          {bank ? (
            <>
              <TextInput label="Account holder" autoComplete="name" {...form.getInputProps('accountHolderName')} />
              <TextInput label="IBAN" autoComplete="off" spellCheck={false} {...form.getInputProps('iban')} />
              <TextInput label="BIC" autoComplete="off" spellCheck={false} {...form.getInputProps('bic')} />
            </>
          ) : (
            <TextInput label="PayPal email" type="email" autoComplete="email" {...form.getInputProps('payPalEmail')} />
          )}
          <TextInput label="Tax ID (optional)" autoComplete="off" {...form.getInputProps('taxId')} />

          {otherError && (
            <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
              {truncateMessage(otherError)}
            </Alert>
          )}
          {hint && (
            <Text size="sm" c="dimmed" data-testid="withdraw-minimum">
              {hint}
            </Text>
          )}
          <Button type="submit" size="md" leftSection={<IconSend size={18} />} disabled={!withdrawal || hint !== null}>
            Request Payout
          </Button>
        </Stack>
      </Paper>
    </form>
  );
}
