// The opening entries of the talent ledger for money booked before it existed: one EARNING per
// day and source of each DAY frame, one REVERSAL per day with reversals, and each payout's request
// plus its current status. Migration 0005 runs the same statements on existing databases; the
// demo seed runs them after writing its frames and payouts. Keys start with `opening:` or are the
// payout's own `payout:{id}:{n}`, so running it twice books nothing twice.
import { sql } from 'drizzle-orm';
import type { Executor } from './client.ts';

export const openingLedgerStatements = [
  sql`insert into talent_ledger (id, key, talent_id, kind, source, gross_micro_usd, net_micro_usd, occurred_at)
    select substr(md5(f.id || s.source), 1, 20), 'opening:' || f.talent_id || ':' || f.key || ':' || s.source,
      f.talent_id, 'EARNING', s.source::earning_source, s.gross, s.net, f.started_at
    from earning_frames f
    cross join lateral (values
      ('sendMessage', f.gross_send_message, f.net_send_message),
      ('unlockImage', f.gross_unlock_image, f.net_unlock_image),
      ('unlockAudio', f.gross_unlock_audio, f.net_unlock_audio),
      ('subscription', f.gross_subscription, f.net_subscription),
      ('referral', f.gross_referral, f.net_referral)) as s(source, gross, net)
    where f.range = 'DAY' and (s.gross <> 0 or s.net <> 0)
    on conflict (key) do nothing`,
  sql`insert into talent_ledger (id, key, talent_id, kind, gross_micro_usd, net_micro_usd, occurred_at)
    select substr(md5(f.id || 'reversal'), 1, 20), 'opening:' || f.talent_id || ':' || f.key || ':reversal',
      f.talent_id, 'REVERSAL', -f.gross_reversal, -f.net_reversal, f.started_at
    from earning_frames f
    where f.range = 'DAY' and (f.gross_reversal <> 0 or f.net_reversal <> 0)
    on conflict (key) do nothing`,
  sql`insert into talent_ledger (id, key, talent_id, kind, payout_id, payout_status, held_cents, actor_user_id, occurred_at)
    select substr(md5(p.id || ':1'), 1, 20), 'payout:' || p.id || ':1', p.talent_id, 'PAYOUT', p.id, 'PENDING',
      p.amount, p.requested_by_user_id, p.requested_at
    from payouts p
    on conflict (key) do nothing`,
  sql`insert into talent_ledger (id, key, talent_id, kind, payout_id, payout_status, previous_payout_status,
      held_cents, paid_cents, reason, occurred_at)
    select substr(md5(p.id || ':2'), 1, 20), 'payout:' || p.id || ':2', p.talent_id, 'PAYOUT', p.id, p.status, 'PENDING',
      case when p.status in ('REJECTED', 'FAILED') then -p.amount else 0 end,
      case when p.status = 'EXECUTED' then p.amount else 0 end,
      p.rejection_reason, coalesce(p.executed_at, p.rejected_at, p.failed_at, p.updated_at)
    from payouts p
    where p.status <> 'PENDING'
    on conflict (key) do nothing`,
  sql`update talent_configs c set total_payout_amount = coalesce(
      (select sum(l.held_cents) from talent_ledger l where l.talent_id = c.id and l.kind = 'PAYOUT'), 0)`,
];

/** Writes the opening entries (see above) in the caller's transaction. */
export async function openTalentLedger(tx: Executor): Promise<void> {
  for (const statement of openingLedgerStatements) await tx.execute(statement);
}
