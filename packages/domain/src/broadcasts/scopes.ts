import type { ChangeEvent } from '@doppel/db';

/** A broadcast changed: the admin Broadcast screens and, with a twin, its talent's Broadcast tab refresh. */
export function broadcastChanged(broadcastId: string, talentId: string | null): ChangeEvent {
  const scopes = talentId ? ['admin', `talent:${talentId}`] : ['admin'];
  return { entity: 'broadcasts', rowId: broadcastId, scopes };
}
