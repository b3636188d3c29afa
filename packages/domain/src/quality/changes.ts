import type { ChangeEvent } from '@doppel/db';

/** The twin's quality screens (the creator's and the admin's) follow a run's status and scores live. */
export function qualityRunChanged(talentId: string, runId: string): ChangeEvent {
  return { entity: 'quality_runs', rowId: runId, scopes: [`talent:${talentId}`, 'admin'] };
}
