// The public discover feed (/discover): anyone may read it, signed in or not.
import { listPublicDiscover } from '@doppel/domain/admin/discover';
import { publicDiscoverOutput } from '@doppel/validation';
import { publicProcedure, router } from '../trpc/procedures.ts';

export const discoverRouter = router({
  /** Twins on the discover feed, in the admin's order. */
  list: publicProcedure.output(publicDiscoverOutput).query(({ ctx }) => listPublicDiscover(ctx.db)),
});
