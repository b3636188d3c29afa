import { describe, expect, it } from 'vitest';
import {
  adminInvitationRemoveInput,
  adminManagerInviteForm,
  adminManagerInviteInput,
  adminManagerMessages,
  adminManagerRemoveInput,
  adminManagersListInput,
} from './managers.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('manager invitation payloads', () => {
  it('trims and lower-cases the invited email (docs/product-rules.md#admin-forms)', () => {
    expect(adminManagerInviteInput.parse({ talentId: 't1', email: '  New.Person@Example.COM ' })).toEqual({
      talentId: 't1',
      email: 'new.person@example.com',
    });
    expect(adminManagerInviteForm.parse({ email: 'A@B.CO' })).toEqual({ email: 'a@b.co' });
  });

  it('refuses an empty or invalid email and a missing talent', () => {
    expect(messagesOf(adminManagerInviteForm.safeParse({ email: '   ' }))).toEqual(['Required']);
    expect(messagesOf(adminManagerInviteForm.safeParse({ email: 'nobody' }))).toEqual(['Please enter a valid email address']);
    expect(messagesOf(adminManagerInviteInput.safeParse({ talentId: '', email: 'a@b.co' }))).toEqual([
      'Talent ID is not defined',
    ]);
    expect(messagesOf(adminManagersListInput.safeParse({ talentId: ' ' }))).toEqual(['Talent ID is not defined']);
  });

  it('names the manager and the invitation to remove', () => {
    expect(messagesOf(adminManagerRemoveInput.safeParse({ talentId: 't1', userId: '' }))).toEqual(['User ID is not defined']);
    expect(messagesOf(adminInvitationRemoveInput.safeParse({ talentId: 't1', invitationId: '' }))).toEqual([
      'Invitation ID is not defined',
    ]);
  });

  it('says what an invitation did', () => {
    expect(adminManagerMessages.invited).toBe('Invitation sent.');
    expect(adminManagerMessages.added('a@b.co')).toMatch(/^Invitation sent\. a@b\.co .*manages this talent\.$/);
    expect(adminManagerMessages.alreadyManager('a@b.co')).toBe('a@b.co already manages this talent.');
    expect(adminManagerMessages.alreadyInvited('a@b.co')).toMatch(/^a@b\.co is already invited/);
  });
});
