// The settlement check (issue "Money out", docs/payouts.md#what-is-derived-from-it: the frames and balances are read models
// checked against the ledger). For every talent it compares
// - each DAY frame's gross and net totals with the sums of the talent's ledger entries of that
//   UTC day (earnings, reversals, reinstatements), and
// - `talent_configs.total_payout_amount` with the sum of its PAYOUT entries' held cents, and
// - every payment's earnings with the talent ledger entries booked for it (payment-drifts.ts).
// A held total that drifted is reset from the ledger (it only ever feeds the disbursable amount,
// and the ledger is the truth); a frame or a payment that drifted is reported, never rewritten
// silently.
import { type Database, type Executor, talentConfigs } from '@doppel/db';
import { eq, sql } from 'drizzle-orm';
import { lockPayoutBalance } from './disbursable.ts';
import { type PaymentDrift, paymentDrifts } from './payment-drifts.ts';

export type { PaymentDrift } from './payment-drifts.ts';

export type FrameDrift = {
  talentId: string;
  day: string;
  frameGross: number;
  frameNet: number;
  ledgerGross: number;
  ledgerNet: number;
};

export type HeldDrift = { talentId: string; configHeldCents: number; ledgerHeldCents: number };

export type SettlementReport = {
  talentsChecked: number;
  frameDrifts: FrameDrift[];
  heldDrifts: HeldDrift[];
  paymentDrifts: PaymentDrift[];
  /** Held totals reset from the ledger (only when `repair`). */
  repaired: number;
};

/** Frame days whose totals differ from the ledger's sums of that day (either side may be missing). */
export async function frameDrifts(db: Executor, talentId?: string): Promise<FrameDrift[]> {
  const onlyTalent = talentId ? sql`and talent_id = ${talentId}` : sql``;
  const rows = await db.execute<{
    talent_id: string;
    day: string;
    frame_gross: string;
    frame_net: string;
    ledger_gross: string;
    ledger_net: string;
  }>(sql`
    with ledger as (
      select talent_id, to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD') as day,
        sum(gross_micro_usd) as gross, sum(net_micro_usd) as net
      from talent_ledger where kind <> 'PAYOUT' ${onlyTalent}
      group by 1, 2
    ), frames as (
      select talent_id, key as day, gross_total as gross, net_total as net
      from earning_frames where range = 'DAY' ${onlyTalent}
    )
    select coalesce(f.talent_id, l.talent_id) as talent_id, coalesce(f.day, l.day) as day,
      coalesce(f.gross, 0) as frame_gross, coalesce(f.net, 0) as frame_net,
      coalesce(l.gross, 0) as ledger_gross, coalesce(l.net, 0) as ledger_net
    from frames f full join ledger l on l.talent_id = f.talent_id and l.day = f.day
    where coalesce(f.gross, 0) <> coalesce(l.gross, 0) or coalesce(f.net, 0) <> coalesce(l.net, 0)
    order by 1, 2`);
  return rows.map((row) => ({
    talentId: row.talent_id,
    day: row.day,
    frameGross: Number(row.frame_gross),
    frameNet: Number(row.frame_net),
    ledgerGross: Number(row.ledger_gross),
    ledgerNet: Number(row.ledger_net),
  }));
}

/** Talents whose held payout total differs from their ledger's. */
export async function heldDrifts(db: Executor, talentId?: string): Promise<HeldDrift[]> {
  const onlyTalent = talentId ? sql`where c.id = ${talentId}` : sql``;
  const rows = await db.execute<{ id: string; config_held: string; ledger_held: string }>(sql`
    select c.id, c.total_payout_amount as config_held, coalesce(l.held, 0) as ledger_held
    from talent_configs c
    left join (select talent_id, sum(held_cents) as held from talent_ledger where kind = 'PAYOUT' group by 1) l
      on l.talent_id = c.id
    ${onlyTalent}`);
  return rows
    .map((row) => ({ talentId: row.id, configHeldCents: Number(row.config_held), ledgerHeldCents: Number(row.ledger_held) }))
    .filter((row) => row.configHeldCents !== row.ledgerHeldCents);
}

/** Runs the check; with `repair`, resets drifted held totals from the ledger (under each talent's payout lock). */
export async function settleTalentLedgers(
  db: Database,
  options: { repair: boolean; talentId?: string },
): Promise<SettlementReport> {
  const [frames, held, payments, [count]] = await Promise.all([
    frameDrifts(db, options.talentId),
    heldDrifts(db, options.talentId),
    paymentDrifts(db, options.talentId),
    db.select({ count: sql<number>`count(*)::int` }).from(talentConfigs),
  ]);
  let repaired = 0;
  if (options.repair) {
    for (const drift of held) {
      // Under the talent's payout lock, then summed afresh: a payout booked since the check counts.
      await db.transaction(async (tx) => {
        await lockPayoutBalance(tx, drift.talentId);
        await tx
          .update(talentConfigs)
          .set({
            totalPayoutAmount: sql`(select coalesce(sum(held_cents), 0) from talent_ledger where talent_id = ${drift.talentId} and kind = 'PAYOUT')`,
          })
          .where(eq(talentConfigs.id, drift.talentId));
      });
      repaired++;
    }
  }
  return {
    talentsChecked: options.talentId ? 1 : (count?.count ?? 0),
    frameDrifts: frames,
    heldDrifts: held,
    paymentDrifts: payments,
    repaired,
  };
}
