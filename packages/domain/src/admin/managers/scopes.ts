// Change events of the Managers tab: admins, the talent's managers and the user concerned watch them.
import type { ChangeEvent } from '@doppel/db';

/** A manager was added to or removed from a talent; their own `managedTalentIds` changed too. */
export function managerChanged(talentId: string, userId: string): ChangeEvent[] {
  const scopes = ['admin', `talent:${talentId}`, `user:${userId}`];
  return [
    { entity: 'talent_managers', rowId: `${talentId}:${userId}`, scopes },
    // The user's own screens read managedTalentIds through their `users` row (auth.me).
    { entity: 'users', rowId: userId, scopes },
  ];
}

/** An invitation was stored, accepted or removed; `userId` when it concerns an account already. */
export function invitationChanged(talentId: string, invitationId: string, userId?: string): ChangeEvent {
  const scopes = ['admin', `talent:${talentId}`, ...(userId ? [`user:${userId}`] : [])];
  return { entity: 'invitations', rowId: invitationId, scopes };
}
