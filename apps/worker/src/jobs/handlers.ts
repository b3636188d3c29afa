import type { JobName } from './catalog.ts';
import { runSessionCleanup } from './session-cleanup.ts';
import { runSystemPing } from './system-ping.ts';
import type { JobHandler } from './types.ts';

/** Every catalog job has exactly one handler; the mapped type makes a missing one a type error. */
export const jobHandlers: { [Name in JobName]: JobHandler<Name> } = {
  'session.cleanup': runSessionCleanup,
  'system.ping': runSystemPing,
};
