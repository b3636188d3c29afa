// The talent detail's read-only tabs (docs/product-rules.md#admin-back-office): Model, Payouts, Broadcast, Analytics. Spread into
// the talents router, so the client reads admin.talents.<tab>. Use cases live in
// packages/domain/src/admin/talent-tabs.
import { getTalentAnalytics, getTalentModelTab, listTalentBroadcasts, listTalentPayouts } from '@doppel/domain/admin/talent-tabs';
import { listSources } from '@doppel/domain/knowledge';
import { getReachOutSettings } from '@doppel/domain/reach-out';
import {
  adminTalentAnalyticsInput,
  adminTalentAnalyticsOutput,
  adminTalentBroadcastsOutput,
  adminTalentModelTabOutput,
  adminTalentPayoutsOutput,
  adminTalentTabInput,
  adminTalentTabListInput,
  knowledgeSourcesOutput,
  reachOutSettingsOutput,
} from '@doppel/validation';
import { adminProcedure } from '../../trpc/procedures.ts';

/** Procedures of the read-only tabs, keyed by their name under admin.talents. */
export const talentTabProcedures = {
  /** The talent config's engine and model ids, and the talent's fine-tuning models with their default version. */
  model: adminProcedure
    .input(adminTalentTabInput)
    .output(adminTalentModelTabOutput)
    .query(({ ctx, input }) => getTalentModelTab(ctx.db, input.talentId)),

  /** One page of 50 of the talent's payouts, newest first; `nextCursor` continues. */
  payouts: adminProcedure
    .input(adminTalentTabListInput)
    .output(adminTalentPayoutsOutput)
    .query(({ ctx, input }) => listTalentPayouts(ctx.db, input)),

  /** One page of 50 broadcasts addressed to the talent's fans, latest scheduled first. */
  broadcasts: adminProcedure
    .input(adminTalentTabListInput)
    .output(adminTalentBroadcastsOutput)
    .query(({ ctx, input }) => listTalentBroadcasts(ctx.db, input)),

  /** Messages, fans, paying fans and revenue per UTC day over the last 7, 30 or 90 days, with totals. */
  analytics: adminProcedure
    .input(adminTalentAnalyticsInput)
    .output(adminTalentAnalyticsOutput)
    .query(({ ctx, input }) => getTalentAnalytics(ctx.db, input, ctx.now())),

  /** The twin's knowledge sources with their quotas, read-only (docs/knowledge.md#sources). */
  knowledge: adminProcedure
    .input(adminTalentTabInput)
    .output(knowledgeSourcesOutput)
    .query(({ ctx, input }) => listSources(ctx.db, input.talentId)),

  /** The twin's reach-out triggers as its creator set them, with sent, replied and purchases per trigger (docs/reach-out.md). */
  reachOut: adminProcedure
    .input(adminTalentTabInput)
    .output(reachOutSettingsOutput)
    .query(({ ctx, input }) => getReachOutSettings(ctx.db, input.talentId)),
};
