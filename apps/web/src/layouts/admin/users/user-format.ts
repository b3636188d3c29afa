// How the Users section names things: the filter drop-down's options (docs/product-rules.md#admin-back-office), the status and
// role badges, and a user's display name. Pure, unit-tested.
import {
  type AdminUserFilter,
  type AdminUserStatus,
  adminUserFilters,
  adminUserSearchMax,
  defaultAdminUserFilter,
  type UserRole,
} from '@doppel/validation';
import type { ListParamsSpec } from '../../../kit/list-params.ts';

/** The drop-down's options as the screen names them, in order (docs/product-rules.md#admin-back-office). */
export const userFilterLabels: Record<AdminUserFilter, string> = {
  pending: 'Waitlist - Pending',
  accepted: 'Waitlist - Accepted',
  rejected: 'Waitlist - Rejected',
  live: 'Live',
  onboarding: 'Onboarding',
  admins: 'Admins',
  fans: 'Fans',
};

export const userFilterOptions = adminUserFilters.map((value) => ({ value, label: userFilterLabels[value] }));

/** The list's address parameters: ?filter=… (default "Waitlist - Pending") and ?q=… (email prefix). */
export const userListParams = {
  filter: { options: adminUserFilters, default: defaultAdminUserFilter },
  q: { text: true, maxLength: adminUserSearchMax },
} as const satisfies ListParamsSpec;

export const userStatusLabels: Record<AdminUserStatus, string> = {
  PENDING: 'Pending',
  REJECTED: 'Rejected',
  LIVE: 'Live',
  ONBOARDING: 'Onboarding',
};

export const userStatusColors: Record<AdminUserStatus, string> = {
  PENDING: 'yellow',
  REJECTED: 'red',
  LIVE: 'teal',
  ONBOARDING: 'blue',
};

export const roleColors: Record<UserRole, string> = { ADMIN: 'grape', USER: 'gray' };

/** The waitlist choices of the editor; '' is "None" (a Select holds strings only). */
export const waitlistStatusOptions = [
  { value: '', label: 'None' },
  { value: 'PENDING', label: 'Pending' },
  { value: 'ACCEPTED', label: 'Accepted' },
  { value: 'REJECTED', label: 'Rejected' },
];

/** The email, or "Anonymous fan" for a user who has none. */
export function userEmailLabel(user: { email: string | null }): string {
  return user.email ?? 'Anonymous fan';
}

/** A heading for the user: the name, else the email, else "Anonymous fan". */
export function userTitle(user: { name: string; email: string | null }): string {
  return user.name.trim() || userEmailLabel(user);
}

/** Live events the Users screens refresh on: the users and who manages which talent. */
export const userEntities = ['users', 'talent_managers'] as const;
