import { getDashboardHome } from '@doppel/domain/talent';
import { dashboardHomeOutput } from '@doppel/validation';
import { router, talentProcedure } from '../trpc/procedures.ts';

export const talentDashboardRouter = router({
  /** The home screen: task ladder, share link, earnings summary and engagement counts. */
  home: talentProcedure
    .output(dashboardHomeOutput)
    .query(({ ctx }) => getDashboardHome(ctx.db, ctx.talentId, ctx.env.PUBLIC_URL)),
});
