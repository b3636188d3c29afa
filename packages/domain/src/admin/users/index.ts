// The admin back-office Users section: the filtered list, one user, the editor and its email.
export { type AcceptWaitlistedUserResult, acceptWaitlistedUser } from './accept-waitlisted-user.ts';
export { waitlistAcceptedEmail } from './acceptance-email.ts';
export { getAdminUser } from './get-user.ts';
export { type ListAdminUsersInput, listAdminUsers } from './list-users.ts';
export { type UpdateAdminUserResult, updateAdminUser } from './update-user.ts';
