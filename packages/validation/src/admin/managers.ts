// The admin talent detail's Managers tab (admin.managers.*, docs/product-rules.md#admin-back-office, #admin-forms, #roles-and-permissions, #calls): who manages a
// talent, who is invited to, inviting by email, and removing either.
import { z } from 'zod';
import { emailSchema } from '../auth/index.ts';
import { adminId } from './list.ts';

/** The tab's messages; the screen and the procedures share them. */
export const adminManagerMessages = {
  invited: 'Invitation sent.',
  added: (email: string) => `Invitation sent. ${email} already has an account and now manages this talent.`,
  alreadyManager: (email: string) => `${email} already manages this talent.`,
  alreadyInvited: (email: string) => `${email} is already invited; they become a manager when they sign in.`,
} as const;

export const adminManagersListInput = z.object({ talentId: adminId('Talent ID') });
export type AdminManagersListInput = z.infer<typeof adminManagersListInput>;

export const adminManagerOutput = z.object({
  userId: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  /** When they became a manager (ISO 8601). */
  since: z.iso.datetime(),
});
export type AdminManagerView = z.infer<typeof adminManagerOutput>;

export const adminInvitationOutput = z.object({
  id: z.string(),
  email: z.string(),
  createdAt: z.iso.datetime(),
  /** Null while pending: the invitee has not signed in with this email yet. */
  acceptedAt: z.iso.datetime().nullable(),
});
export type AdminInvitationView = z.infer<typeof adminInvitationOutput>;

export const adminManagersListOutput = z.object({
  /** Oldest manager first. */
  managers: z.array(adminManagerOutput),
  /** Newest invitation first. */
  invitations: z.array(adminInvitationOutput),
});
export type AdminManagersListOutput = z.infer<typeof adminManagersListOutput>;

/** docs/product-rules.md#admin-forms "Invitation email: trimmed, lower-cased, valid". */
export const adminManagerInviteForm = z.object({ email: emailSchema });
export type AdminManagerInviteForm = z.infer<typeof adminManagerInviteForm>;

/** docs/product-rules.md#calls "Invite manager": talentId, email. */
export const adminManagerInviteInput = adminManagerInviteForm.extend({ talentId: adminId('Talent ID') });
export type AdminManagerInviteInput = z.infer<typeof adminManagerInviteInput>;

/**
 * What an invitation did: `added` (the email has an account, which now manages the talent),
 * `invited` (stored until the person signs in), or nothing new (`alreadyManager`, `alreadyInvited`).
 */
export const adminInviteOutcomes = ['added', 'invited', 'alreadyManager', 'alreadyInvited'] as const;
export type AdminInviteOutcome = (typeof adminInviteOutcomes)[number];

export const adminManagerInviteOutput = z.object({ outcome: z.enum(adminInviteOutcomes), message: z.string() });
export type AdminManagerInviteOutput = z.infer<typeof adminManagerInviteOutput>;

export const adminManagerRemoveInput = z.object({ talentId: adminId('Talent ID'), userId: adminId('User ID') });
export type AdminManagerRemoveInput = z.infer<typeof adminManagerRemoveInput>;

export const adminInvitationRemoveInput = z.object({ talentId: adminId('Talent ID'), invitationId: adminId('Invitation ID') });
export type AdminInvitationRemoveInput = z.infer<typeof adminInvitationRemoveInput>;

export const adminManagerRemoveOutput = z.object({ ok: z.literal(true) });
