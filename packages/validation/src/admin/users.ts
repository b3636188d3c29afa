// The admin back-office Users section (admin.users.*, docs/product-rules.md#admin-back-office, #waitlist, #admin-forms, #calls): the filtered list, one
// user's detail, and the edit form whose schema the procedure parses too.
import { z } from 'zod';
import { emailSchema } from '../auth/index.ts';
import { messages } from '../common/messages.ts';
import { singleLineText } from '../common/single-line.ts';
import { userRoles, type WaitlistStatus, waitlistPlatforms, waitlistStatuses } from '../enums.ts';
import { adminId, adminListInput, adminListOutput } from './list.ts';

/** The list's filters, in the drop-down's order (docs/product-rules.md#admin-back-office); the labels live with the screen. */
export const adminUserFilters = ['pending', 'accepted', 'rejected', 'live', 'onboarding', 'admins', 'fans'] as const;
export type AdminUserFilter = (typeof adminUserFilters)[number];
/** docs/product-rules.md#admin-back-office: the drop-down starts at "Waitlist - Pending". */
export const defaultAdminUserFilter: AdminUserFilter = 'pending';

/** Longest email prefix the search takes (an email is at most 254 characters). */
export const adminUserSearchMax = 254;
/** Free credits an admin may grant at once: a guard against a typo, far below the column's limit. */
export const adminUserCreditsMax = 1_000_000;
export const adminUserNameMax = 100;

/** The section's messages; forms and procedures share them. */
export const adminUserMessages = {
  creditsWhole: 'Credits must be a whole number',
  creditsMin: 'Credits must be at least 0',
  creditsMax: `Credits must be at most ${adminUserCreditsMax.toLocaleString('en-US')}`,
  creditsMoved: 'The credits changed while you were editing. Check the new balance and save again.',
  role: 'Choose a role from the list',
  waitlistStatus: 'Choose a waitlist status or None',
  nameTooLong: `Name must be at most ${adminUserNameMax} characters`,
  searchTooLong: `Search at most ${adminUserSearchMax} characters`,
  emailTaken: 'This email is already used by another account.',
  ownAdminRole: 'You cannot remove your own admin role: ask another admin to do it.',
} as const;

export const adminUsersListInput = adminListInput({
  filter: z.enum(adminUserFilters).default(defaultAdminUserFilter),
  /** An email prefix, matched on the lower-cased email; blank means no search. */
  search: singleLineText().toLowerCase().max(adminUserSearchMax, adminUserMessages.searchTooLong).default(''),
});
export type AdminUsersListInput = z.input<typeof adminUsersListInput>;

/**
 * What the screens show as the user's state (docs/product-rules.md#waitlist): the waitlist status, except that an accepted
 * user shows as LIVE when managing a talent and ONBOARDING otherwise; null for no status.
 */
export const adminUserStatuses = ['PENDING', 'REJECTED', 'LIVE', 'ONBOARDING'] as const;
export type AdminUserStatus = (typeof adminUserStatuses)[number];

/** docs/product-rules.md#waitlist: "an accepted user with managed talents shows as Live, without as Onboarding". */
export function adminUserStatusOf(waitlistStatus: WaitlistStatus | null, managesTalents: boolean): AdminUserStatus | null {
  if (waitlistStatus === 'ACCEPTED') return managesTalents ? 'LIVE' : 'ONBOARDING';
  return waitlistStatus;
}

/** docs/product-rules.md#waitlist: "in the user form, a user with managed talents and no status defaults to ACCEPTED". */
export function formWaitlistStatusOf(waitlistStatus: WaitlistStatus | null, managesTalents: boolean): WaitlistStatus | null {
  return waitlistStatus ?? (managesTalents ? 'ACCEPTED' : null);
}

export const adminUserRowOutput = z.object({
  id: z.string(),
  name: z.string(),
  /** Null for anonymous fans. */
  email: z.string().nullable(),
  isAnonymous: z.boolean(),
  role: z.enum(userRoles),
  waitlistStatus: z.enum(waitlistStatuses).nullable(),
  status: z.enum(adminUserStatuses).nullable(),
  managesTalents: z.boolean(),
  credits: z.number().int(),
  paidCredits: z.number().int(),
  /** ISO 8601. */
  createdAt: z.iso.datetime(),
});
export type AdminUserRow = z.infer<typeof adminUserRowOutput>;

export const adminUsersListOutput = adminListOutput(adminUserRowOutput);
export type AdminUsersListOutput = z.infer<typeof adminUsersListOutput>;

export const adminUserGetInput = z.object({ userId: adminId('User ID') });
export type AdminUserGetInput = z.infer<typeof adminUserGetInput>;

export const adminUserDetailOutput = adminUserRowOutput.extend({
  lastActiveAt: z.iso.datetime().nullable(),
  testGroupRecord: z.record(z.string(), z.string()),
  waitlistPlatform: z.enum(waitlistPlatforms).nullable(),
  instagram: z.string().nullable(),
  tiktok: z.string().nullable(),
  x: z.string().nullable(),
  /** The talents the user manages, oldest first. */
  managedTalents: z.array(
    z.object({ id: z.string(), name: z.string(), tag: z.string().nullable(), profilePictureUrl: z.string().nullable() }),
  ),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailOutput>;

const blankToUndefined = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

/** Free credits as typed: '' is missing, text is read as a number, then a whole number from 0. */
export const adminUserCreditsSchema = z.preprocess(
  (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value.trim()) : value),
  z
    .number({ error: (issue) => (issue.input === undefined ? messages.required : adminUserMessages.creditsWhole) })
    .int(adminUserMessages.creditsWhole)
    .min(0, adminUserMessages.creditsMin)
    .max(adminUserCreditsMax, adminUserMessages.creditsMax),
);

/** The form's "None" choice is '' (a Select cannot hold null); both mean "no waitlist status". */
export const adminUserWaitlistStatusSchema = z.preprocess(
  (value) => (value === '' || value === undefined ? null : value),
  z.enum(waitlistStatuses, { error: adminUserMessages.waitlistStatus }).nullable(),
);

export const adminUserRoleSchema = z.enum(userRoles, { error: adminUserMessages.role });

/** Empty for fans without a name is allowed: the user editor keeps the name optional. */
export const adminUserNameSchema = singleLineText().max(adminUserNameMax, adminUserMessages.nameTooLong);

/** A blank email leaves it as it is (an anonymous fan has none); a given one is trimmed, lower-cased, valid. */
export const adminUserOptionalEmailSchema = z.preprocess(blankToUndefined, emailSchema.optional());

const adminUserChanges = {
  name: adminUserNameSchema.optional(),
  email: adminUserOptionalEmailSchema,
  waitlistStatus: adminUserWaitlistStatusSchema,
  role: adminUserRoleSchema,
  credits: adminUserCreditsSchema,
};

/** docs/product-rules.md#calls "Update user": id, optional name, optional email, waitlistStatus (or null), role, credits. */
export const adminUserUpdateInput = z.object({
  id: adminId('User ID'),
  ...adminUserChanges,
  /**
   * The free credits the editor showed when it loaded. Credits move while an admin edits (the fan
   * spends), so the server writes `credits` only when it differs from this, and refuses the save
   * when the balance moved meanwhile rather than undo the fan's spending. Absent: `credits` is
   * written as given.
   */
  expectedCredits: z.number().int().min(0).optional(),
});
export type AdminUserUpdateInput = z.infer<typeof adminUserUpdateInput>;

/**
 * The edit form's schema: the update's fields, with the email required for a user who has one
 * (clearing it would otherwise silently keep the old one).
 */
export function adminUserFormSchema(options: { hasEmail: boolean }) {
  return z.object({ ...adminUserChanges, email: options.hasEmail ? emailSchema : adminUserOptionalEmailSchema });
}

/** Whether the acceptance email went out after the save (docs/product-rules.md#waitlist: accepting lets the user in). */
export const adminUserAcceptanceEmails = ['sent', 'failed', 'none'] as const;

export const adminUserUpdateOutput = z.object({
  user: adminUserDetailOutput,
  acceptanceEmail: z.enum(adminUserAcceptanceEmails),
});
export type AdminUserUpdateOutput = z.infer<typeof adminUserUpdateOutput>;
