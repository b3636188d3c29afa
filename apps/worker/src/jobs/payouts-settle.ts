// The settlement check on the schedule (docs/payouts.md): every talent's ledger against its
// earning frames, held payouts and payments. A drifted held total is reset from the ledger; a
// drifted frame or payment is logged as an error for an operator (`ops ledger check` shows them).
import { settleTalentLedgers } from '@doppel/domain/payouts';
import type { JobHandler } from './types.ts';

export const runPayoutsSettle: JobHandler<'payouts.settle'> = async (payload, { db, log }) => {
  const report = await settleTalentLedgers(db, { repair: true });
  for (const drift of report.frameDrifts) log.error('earning frame differs from the talent ledger', { ...drift });
  for (const drift of report.heldDrifts) log.error('held payout total differed from the talent ledger; reset', { ...drift });
  for (const drift of report.paymentDrifts) log.error("payment's earnings differ from the talent ledger", { ...drift });
  log.info('payout settlement done', { trigger: payload.trigger, talents: report.talentsChecked });
  return {
    talentsChecked: report.talentsChecked,
    frameDrifts: report.frameDrifts.length,
    heldDrifts: report.heldDrifts.length,
    paymentDrifts: report.paymentDrifts.length,
    repaired: report.repaired,
  };
};
