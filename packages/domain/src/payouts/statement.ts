// The creator's monthly statements (issue "Money out"): one CSV row per month of the twin, from
// its MONTH frames (gross, net, each source, reversals) and its payout ledger entries (requested,
// paid out, released). Money as decimal USD with 6 places for earnings (exact micro-USD) and 2
// for payouts (cents), so a spreadsheet sums them exactly.
import { type Executor, earningFrames, talentLedger, talents } from '@doppel/db';
import { decimalText, type EarningsStatement } from '@doppel/validation';
import { and, desc, eq, sql } from 'drizzle-orm';

const micro = (value: number) => decimalText(value, 6);
const cents = (value: number) => decimalText(value, 2);

export const statementColumns = [
  'month',
  'gross_usd',
  'net_usd',
  'messages_net_usd',
  'subscriptions_net_usd',
  'images_net_usd',
  'voice_net_usd',
  'referrals_net_usd',
  'refunds_and_disputes_net_usd',
  'payouts_requested_usd',
  'payouts_paid_usd',
  'payouts_released_usd',
] as const;

export async function earningsStatementCsv(db: Executor, talentId: string): Promise<EarningsStatement> {
  const month = sql<string>`to_char(${talentLedger.occurredAt} at time zone 'UTC', 'YYYY-MM')`;
  const [talent] = await db.select({ tag: talents.tag, name: talents.name }).from(talents).where(eq(talents.id, talentId));
  const [frames, payoutMonths] = await Promise.all([
    db
      .select()
      .from(earningFrames)
      .where(and(eq(earningFrames.talentId, talentId), eq(earningFrames.range, 'MONTH')))
      .orderBy(desc(earningFrames.startedAt)),
    db
      .select({
        month,
        requested: sql<string>`coalesce(sum(${talentLedger.heldCents}) filter (where ${talentLedger.previousPayoutStatus} is null), 0)`,
        paid: sql<string>`coalesce(sum(${talentLedger.paidCents}), 0)`,
        released: sql<string>`coalesce(-sum(${talentLedger.heldCents}) filter (where ${talentLedger.heldCents} < 0), 0)`,
      })
      .from(talentLedger)
      .where(and(eq(talentLedger.talentId, talentId), eq(talentLedger.kind, 'PAYOUT')))
      .groupBy(month),
  ]);
  const payoutsBy = new Map(payoutMonths.map((row) => [row.month, row]));
  const months = [...new Set([...frames.map((frame) => frame.key), ...payoutsBy.keys()])].sort().reverse();
  const frameBy = new Map(frames.map((frame) => [frame.key, frame]));
  const rows = months.map((key) => {
    const frame = frameBy.get(key);
    const payout = payoutsBy.get(key);
    const n = (value: number | undefined) => micro(value ?? 0);
    return [
      key,
      n(frame?.grossTotal),
      n(frame?.netTotal),
      n(frame?.netSendMessage),
      n(frame?.netSubscription),
      n(frame?.netUnlockImage),
      n(frame?.netUnlockAudio),
      n(frame?.netReferral),
      n(frame ? -frame.netReversal : 0),
      cents(Number(payout?.requested ?? 0)),
      cents(Number(payout?.paid ?? 0)),
      cents(Number(payout?.released ?? 0)),
    ].join(',');
  });
  const name = (talent?.tag ?? talent?.name ?? 'twin').replace(/[^A-Za-z0-9_-]+/g, '-');
  return { filename: `doppel-statements-${name}.csv`, csv: `${[statementColumns.join(','), ...rows].join('\r\n')}\r\n` };
}
