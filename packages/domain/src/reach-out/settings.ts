// The creator's Settings → Reach out (talent.reachOut.*, docs/reach-out.md): each trigger's switch,
// numbers and instruction, and what it brought: sent, replied (the fan wrote back), and purchases
// from that fan for that twin within 7 days of it. Admins read the same counts for a talent.
import { type Executor, reachOutTriggers, recordChanges, talentConfigs } from '@doppel/db';
import {
  checkInDefaults,
  type ReachOutKind,
  type ReachOutSettingsView,
  type ReachOutStatsView,
  type ReachOutTriggerForm,
  reachOutKinds,
} from '@doppel/validation';
import { eq, sql } from 'drizzle-orm';

/** Sent, replied and purchases within 7 days, per trigger, for one twin. */
export async function reachOutStats(db: Executor, talentId: string): Promise<Record<ReachOutKind, ReachOutStatsView>> {
  const rows = await db.execute<{ kind: ReachOutKind; sent: number; replied: number; purchases: number }>(sql`
    select r.kind,
      count(*)::int as sent,
      count(*) filter (where exists (
        select 1 from chat_messages m
        where m.chat_id = r.chat_id and m.sender_type = 'USER' and m.created_at > r.sent_at))::int as replied,
      count(*) filter (where exists (
        select 1 from payments p
        where p.user_id = r.user_id and p.talent_id = r.talent_id
          and p.created_at > r.sent_at and p.created_at <= r.sent_at + interval '7 days'))::int as purchases
    from reach_outs r
    where r.talent_id = ${talentId} and r.sent_at is not null
    group by r.kind`);
  const stats = Object.fromEntries(reachOutKinds.map((kind) => [kind, { sent: 0, replied: 0, purchases: 0 }])) as Record<
    ReachOutKind,
    ReachOutStatsView
  >;
  for (const row of rows) stats[row.kind] = { sent: row.sent, replied: row.replied, purchases: row.purchases };
  return stats;
}

export async function getReachOutSettings(db: Executor, talentId: string): Promise<ReachOutSettingsView> {
  const [rows, stats, [config]] = await Promise.all([
    db.select().from(reachOutTriggers).where(eq(reachOutTriggers.talentId, talentId)),
    reachOutStats(db, talentId),
    db.select({ replyApproval: talentConfigs.replyApproval }).from(talentConfigs).where(eq(talentConfigs.id, talentId)),
  ]);
  const byKind = new Map(rows.map((row) => [row.kind, row]));
  return {
    triggers: reachOutKinds.map((kind) => {
      const row = byKind.get(kind);
      return {
        kind,
        enabled: row?.enabled ?? false,
        instruction: row?.instruction ?? '',
        minMessages: row?.params.minMessages ?? checkInDefaults.minMessages,
        quietDays: row?.params.quietDays ?? checkInDefaults.quietDays,
        stats: stats[kind],
      };
    }),
    approvalHolds: config?.replyApproval ?? false,
  };
}

/** Saves one trigger as the creator set it; the numbers left out keep their defaults. */
export async function updateReachOutTrigger(
  tx: Executor,
  talentId: string,
  form: ReachOutTriggerForm,
): Promise<ReachOutSettingsView> {
  const params =
    form.kind === 'CHECK_IN'
      ? {
          minMessages: form.minMessages ?? checkInDefaults.minMessages,
          quietDays: form.quietDays ?? checkInDefaults.quietDays,
        }
      : {};
  const values = { enabled: form.enabled, instruction: form.instruction, params, updatedAt: new Date() };
  await tx
    .insert(reachOutTriggers)
    .values({ talentId, kind: form.kind, ...values })
    .onConflictDoUpdate({ target: [reachOutTriggers.talentId, reachOutTriggers.kind], set: values });
  await recordChanges(tx, [
    { entity: 'reach_out_triggers', rowId: `${talentId}:${form.kind}`, scopes: [`talent:${talentId}`, 'admin'] },
  ]);
  return getReachOutSettings(tx, talentId);
}
