// The creator's Settings → Reach out (talent.reachOut.*, docs/reach-out.md): each trigger's switch,
// numbers and instruction, and what it brought: sent, replied (the fan wrote back), and purchases
// from that fan for that twin within 7 days of it. Admins read the same counts for a talent.
import { type Executor, reachOutTriggers, recordChanges, talentConfigs } from '@doppel/db';
import {
  checkInDefaults,
  type ReachOutKind,
  type ReachOutParams,
  type ReachOutSettingsView,
  type ReachOutStatsView,
  type ReachOutTriggerForm,
  reachOutKinds,
} from '@doppel/validation';
import { and, eq, sql } from 'drizzle-orm';
import { DomainError } from '../errors.ts';

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
        sendAt: row?.params.sendAt ?? null,
        audience: row?.params.audience ?? 'EVERYONE',
        stats: stats[kind],
      };
    }),
    approvalHolds: config?.replyApproval ?? false,
  };
}

/** What a trigger keeps besides its switch and instruction: the check-in's numbers, a custom date's time and audience. */
function paramsOf(form: ReachOutTriggerForm): ReachOutParams {
  if (form.kind === 'CHECK_IN') {
    return {
      minMessages: form.minMessages ?? checkInDefaults.minMessages,
      quietDays: form.quietDays ?? checkInDefaults.quietDays,
    };
  }
  if (form.kind === 'CUSTOM_DATE') {
    return { audience: form.audience ?? 'EVERYONE', ...(form.sendAt ? { sendAt: new Date(form.sendAt).toISOString() } : {}) };
  }
  return {};
}

/**
 * Saves one trigger as the creator set it; the numbers left out keep their defaults. A custom date
 * turned on must be in the future: one already past would go out at once, which the creator did not pick.
 */
export async function updateReachOutTrigger(
  tx: Executor,
  talentId: string,
  form: ReachOutTriggerForm,
  now = new Date(),
): Promise<ReachOutSettingsView> {
  const params = paramsOf(form);
  if (form.kind === 'CUSTOM_DATE' && form.enabled && params.sendAt && new Date(params.sendAt) <= now) {
    const [saved] = await tx
      .select({ enabled: reachOutTriggers.enabled, params: reachOutTriggers.params })
      .from(reachOutTriggers)
      .where(and(eq(reachOutTriggers.talentId, talentId), eq(reachOutTriggers.kind, 'CUSTOM_DATE')));
    // Saving again a date that already went out (a new instruction, the switch) is allowed.
    if (!(saved?.enabled && saved.params.sendAt === params.sendAt)) {
      throw new DomainError('INVALID', 'Pick a time in the future.', { sendAt: ['Pick a time in the future'] });
    }
  }
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
