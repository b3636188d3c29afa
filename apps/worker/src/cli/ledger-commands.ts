// `ledger check`: the settlement check of docs/payouts.md, on demand, with every drift printed.
import { settleTalentLedgers } from '@doppel/domain/payouts';
import { decimalText } from '@doppel/validation';
import { CliError, type OpsContext } from './context.ts';

// Exact decimal dollars from integer micro-USD (no float division on money).
const usd = (micro: number) => decimalText(micro, 6);

export async function checkLedger(context: OpsContext, repair: boolean): Promise<void> {
  const report = await settleTalentLedgers(context.client.db, { repair });
  context.out(`talents checked: ${report.talentsChecked}`);
  for (const drift of report.frameDrifts) {
    context.out(
      `frame drift  talent ${drift.talentId}  day ${drift.day}  frame gross ${usd(drift.frameGross)} net ${usd(drift.frameNet)}  ledger gross ${usd(drift.ledgerGross)} net ${usd(drift.ledgerNet)}`,
    );
  }
  for (const drift of report.heldDrifts) {
    context.out(
      `held drift   talent ${drift.talentId}  total_payout_amount ${drift.configHeldCents} cents  ledger ${drift.ledgerHeldCents} cents${repair ? '  (reset)' : ''}`,
    );
  }
  for (const drift of report.paymentDrifts) {
    context.out(
      `payment drift  talent ${drift.talentId ?? '-'}  ${drift.ledgerKey}  payment gross ${usd(drift.paymentGross)} net ${usd(drift.paymentNet)} referral ${usd(drift.paymentReferral)}  ledger gross ${usd(drift.ledgerGross)} net ${usd(drift.ledgerNet)} referral ${usd(drift.ledgerReferral)}`,
    );
  }
  const needOperator = report.frameDrifts.length + report.paymentDrifts.length;
  const drifts = needOperator + report.heldDrifts.length;
  if (drifts === 0) {
    context.out('the earning frames, held payout totals and payments agree with the ledger');
    return;
  }
  // Repaired held totals are fixed now; frame and payment drifts always need an operator.
  if (needOperator > 0 || !repair) throw new CliError(`${drifts} drift(s) found`);
}
