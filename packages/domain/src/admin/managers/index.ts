// The admin talent detail's Managers tab: managers and invitations of one talent. Invitations take
// effect at sign-in through acceptPendingInvitations (called by findOrCreateUserByEmail).
export { acceptPendingInvitations } from './accept-invitations.ts';
export { inviteTalentManager } from './invite-manager.ts';
export { listTalentManagers } from './list-managers.ts';
export { removeTalentInvitation, removeTalentManager } from './remove.ts';
