import { type AdminPayoutDetail, adminPayoutUpdateInput, type PayoutStatus, payoutNeedsReason } from '@doppel/validation';
import { Select, Stack, Textarea } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useSyncFormWithData } from '../../../forms/use-sync-form-with-data.ts';
import { FormCard } from '../../../kit/form-card.tsx';
import { FormFooter } from '../../../kit/form-footer.tsx';
import { useServerForm } from '../../../kit/use-server-form.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { payoutStatusOptions } from './payout-format.ts';

type Values = { payoutId: string; status: PayoutStatus; rejectionReason: string };

function valuesOf(payout: AdminPayoutDetail): Values {
  return { payoutId: payout.id, status: payout.status, rejectionReason: payout.rejectionReason ?? '' };
}

/**
 * "Settings": any status may be set (docs/product-rules.md#payout-statuses), with a required reason for REJECTED and FAILED. Each save is a
 * ledger entry with who made it, so the timeline grows; the server refuses to hold the amount again
 * when the talent can no longer cover it, and that refusal shows above Save.
 */
export function PayoutSettingsForm({ payout }: { payout: AdminPayoutDetail }) {
  const utils = trpc.useUtils();
  const update = trpc.admin.payouts.update.useMutation();
  const form = useForm<Values>({
    mode: 'controlled',
    initialValues: valuesOf(payout),
    validate: schemaResolver(adminPayoutUpdateInput, { sync: true }),
  });
  // A change made elsewhere (another admin, the PayPal poll) shows at once unless this form holds edits.
  useSyncFormWithData(form, valuesOf(payout));
  const { onSubmit, saving, error } = useServerForm(form, (values) => update.mutateAsync(values), {
    onSaved: (saved) => {
      utils.admin.payouts.get.setData({ payoutId: saved.id }, saved);
      void utils.admin.payouts.list.invalidate();
      void utils.admin.payouts.bankFileStatus.invalidate();
    },
  });

  return (
    <FormCard title="Settings" description="Any status may be set; every change is recorded on the timeline with who made it.">
      <form onSubmit={onSubmit} noValidate aria-label="Payout settings">
        <Stack gap="md">
          <Select
            label="Status"
            data={payoutStatusOptions}
            allowDeselect={false}
            checkIconPosition="right"
            comboboxProps={{ withinPortal: true }}
            {...form.getInputProps('status')}
          />
          {payoutNeedsReason(form.values.status) && (
            <Textarea
              label="Reason"
              description="Shown to the creator, so say what they can do about it."
              required
              autosize
              minRows={2}
              maxRows={6}
              {...form.getInputProps('rejectionReason')}
            />
          )}
          <FormFooter error={error} saving={saving} errorTestId="payout-form-error" />
        </Stack>
      </form>
    </FormCard>
  );
}
