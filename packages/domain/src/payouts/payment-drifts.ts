// The payments half of the settlement check: money that came in and the earnings it booked must
// agree. A payment ledger entry that carries earnings (a subscription period, or a reversal or
// reinstatement of spent credits or of a subscription) is booked with talent ledger entries under
// its own key (docs/payouts.md): `payment:{key}` for a purchase, `payment-ledger:{key}` for a
// reversal or reinstatement, plus `:referral` for the referrer's share. A payment with earnings but
// no such entry (seeded demo data did this), an entry whose payment is gone, or amounts that differ
// are reported for an operator, never repaired: which side is wrong needs a person to decide.
import type { Executor } from '@doppel/db';
import { sql } from 'drizzle-orm';

export type PaymentDrift = {
  /** The talent ledger key the payment's earnings belong under. */
  ledgerKey: string;
  talentId: string | null;
  paymentGross: number;
  paymentNet: number;
  paymentReferral: number;
  ledgerGross: number;
  ledgerNet: number;
  ledgerReferral: number;
};

/** Payment ledger entries whose earnings differ from the talent ledger's entries under their key. */
export async function paymentDrifts(db: Executor, talentId?: string): Promise<PaymentDrift[]> {
  const onlyTalent = talentId ? sql`where coalesce(p.talent_id, t.talent_id) = ${talentId}` : sql``;
  const rows = await db.execute<{
    ledger_key: string;
    talent_id: string | null;
    payment_gross: string;
    payment_net: string;
    payment_referral: string;
    ledger_gross: string;
    ledger_net: string;
    ledger_referral: string;
  }>(sql`
    with payment_side as (
      select case when kind = 'PURCHASE' then 'payment:' else 'payment-ledger:' end || key as ledger_key,
        talent_id, gross_micro_usd as gross, net_micro_usd as net, referral_micro_usd as referral
      from payment_ledger
      where gross_micro_usd <> 0 or net_micro_usd <> 0 or referral_micro_usd <> 0
    ), entries as (
      select regexp_replace(key, ':referral$', '') as ledger_key, key like '%:referral' as is_referral,
        talent_id, gross_micro_usd, net_micro_usd
      from talent_ledger
      where kind <> 'PAYOUT' and (key like 'payment:%' or key like 'payment-ledger:%')
    ), talent_side as (
      select ledger_key, max(talent_id) filter (where not is_referral) as talent_id,
        coalesce(sum(gross_micro_usd) filter (where not is_referral), 0) as gross,
        coalesce(sum(net_micro_usd) filter (where not is_referral), 0) as net,
        coalesce(sum(gross_micro_usd) filter (where is_referral), 0) as referral
      from entries group by ledger_key
    ), compared as (
      select coalesce(p.ledger_key, t.ledger_key) as ledger_key, coalesce(p.talent_id, t.talent_id) as talent_id,
        coalesce(p.gross, 0) as payment_gross, coalesce(p.net, 0) as payment_net, coalesce(p.referral, 0) as payment_referral,
        coalesce(t.gross, 0) as ledger_gross, coalesce(t.net, 0) as ledger_net, coalesce(t.referral, 0) as ledger_referral,
        p.talent_id as payment_talent, t.talent_id as ledger_talent
      from payment_side p full join talent_side t on t.ledger_key = p.ledger_key
      ${onlyTalent}
    )
    select * from compared
    where payment_gross <> ledger_gross or payment_net <> ledger_net or payment_referral <> ledger_referral
      or (ledger_talent is not null and payment_talent is distinct from ledger_talent)
    order by ledger_key`);
  return rows.map((row) => ({
    ledgerKey: row.ledger_key,
    talentId: row.talent_id,
    paymentGross: Number(row.payment_gross),
    paymentNet: Number(row.payment_net),
    paymentReferral: Number(row.payment_referral),
    ledgerGross: Number(row.ledger_gross),
    ledgerNet: Number(row.ledger_net),
    ledgerReferral: Number(row.ledger_referral),
  }));
}
