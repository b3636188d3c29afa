// The Audience's daily frames: rolls closed UTC days up (the first run backfills every stored
// message). The run holds the rollup row's lock for its one transaction, so a retried or doubled
// run redoes all of it or finds nothing left.
import { rollUpAudience } from '@doppel/domain/talent';
import type { JobHandler } from './types.ts';

export const runInsightsRollup: JobHandler<'insights.rollup'> = async (payload, { db, log }) => {
  const rolled = await rollUpAudience(db);
  log.info('audience rollup done', { trigger: payload.trigger, ...(rolled ?? { nothingToDo: true }) });
  return rolled ?? { nothingToDo: true };
};
