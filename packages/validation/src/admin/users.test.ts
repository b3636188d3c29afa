import { describe, expect, it } from 'vitest';
import { messages } from '../common/messages.ts';
import {
  adminUserFormSchema,
  adminUserMessages,
  adminUserStatusOf,
  adminUsersListInput,
  adminUserUpdateInput,
  formWaitlistStatusOf,
} from './users.ts';

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

const valid = { id: 'user1', name: ' Ana ', email: ' Ana@Example.COM ', waitlistStatus: 'ACCEPTED', role: 'USER', credits: 5 };

describe('admin user update payload', () => {
  it('trims the name and normalises the email', () => {
    expect(adminUserUpdateInput.parse(valid)).toEqual({ ...valid, name: 'Ana', email: 'ana@example.com' });
  });

  it('takes credits as whole numbers from 0, typed as text too', () => {
    expect(adminUserUpdateInput.parse({ ...valid, credits: '12' }).credits).toBe(12);
    expect(adminUserUpdateInput.parse({ ...valid, credits: 0 }).credits).toBe(0);
    expect(messagesOf(adminUserUpdateInput.safeParse({ ...valid, credits: -1 }))).toEqual([adminUserMessages.creditsMin]);
    expect(messagesOf(adminUserUpdateInput.safeParse({ ...valid, credits: 1.5 }))).toEqual([adminUserMessages.creditsWhole]);
    expect(messagesOf(adminUserUpdateInput.safeParse({ ...valid, credits: 'ten' }))).toEqual([adminUserMessages.creditsWhole]);
    expect(messagesOf(adminUserUpdateInput.safeParse({ ...valid, credits: '' }))).toEqual([messages.required]);
    expect(messagesOf(adminUserUpdateInput.safeParse({ ...valid, credits: 1_000_001 }))).toEqual([adminUserMessages.creditsMax]);
    expect(adminUserMessages.creditsMin).toBe('Credits must be at least 0');
  });

  it('takes a role from the list', () => {
    expect(adminUserUpdateInput.parse({ ...valid, role: 'ADMIN' }).role).toBe('ADMIN');
    expect(messagesOf(adminUserUpdateInput.safeParse({ ...valid, role: 'OWNER' }))).toEqual([adminUserMessages.role]);
  });

  it('takes a waitlist status or none (null or the form’s empty choice)', () => {
    expect(adminUserUpdateInput.parse({ ...valid, waitlistStatus: null }).waitlistStatus).toBeNull();
    expect(adminUserUpdateInput.parse({ ...valid, waitlistStatus: '' }).waitlistStatus).toBeNull();
    expect(adminUserUpdateInput.parse({ ...valid, waitlistStatus: 'REJECTED' }).waitlistStatus).toBe('REJECTED');
    expect(messagesOf(adminUserUpdateInput.safeParse({ ...valid, waitlistStatus: 'LIVE' }))).toEqual([
      adminUserMessages.waitlistStatus,
    ]);
  });

  it('leaves name and email out when not given, and refuses a bad email or a long name', () => {
    const { name: _name, email: _email, ...rest } = valid;
    const parsed = adminUserUpdateInput.parse(rest);
    expect(parsed.name).toBeUndefined();
    expect(parsed.email).toBeUndefined();
    expect(adminUserUpdateInput.parse({ ...valid, email: '  ' }).email).toBeUndefined();
    expect(messagesOf(adminUserUpdateInput.safeParse({ ...valid, email: 'not-an-email' }))).toEqual([
      'Please enter a valid email address',
    ]);
    expect(messagesOf(adminUserUpdateInput.safeParse({ ...valid, name: 'x'.repeat(101) }))).toEqual([
      adminUserMessages.nameTooLong,
    ]);
    expect(messagesOf(adminUserUpdateInput.safeParse({ ...valid, id: ' ' }))).toEqual(['User ID is not defined']);
  });

  it('requires the email in the form only for a user who has one', () => {
    const { id: _id, ...values } = valid;
    expect(messagesOf(adminUserFormSchema({ hasEmail: true }).safeParse({ ...values, email: ' ' }))).toEqual([messages.required]);
    expect(adminUserFormSchema({ hasEmail: false }).parse({ ...values, email: '' }).email).toBeUndefined();
    expect(adminUserFormSchema({ hasEmail: true }).parse(values).email).toBe('ana@example.com');
  });

  it('states the taken-email message and the own-admin-role refusal', () => {
    expect(adminUserMessages.emailTaken).toBe('This email is already used by another account.');
    expect(adminUserMessages.ownAdminRole).toMatch(/own admin role/);
  });
});

describe('admin users list input', () => {
  it('defaults to the pending waitlist and lower-cases the search', () => {
    expect(adminUsersListInput.parse({})).toEqual({ filter: 'pending', search: '' });
    expect(adminUsersListInput.parse({ filter: 'fans', search: ' Ana@EX ' })).toMatchObject({ search: 'ana@ex' });
    expect(messagesOf(adminUsersListInput.safeParse({ search: 'x'.repeat(255) }))).toEqual([adminUserMessages.searchTooLong]);
    expect(adminUsersListInput.safeParse({ filter: 'everyone' }).success).toBe(false);
  });
});

describe('user status (docs/product-rules.md#waitlist)', () => {
  it('shows an accepted user as Live with managed talents and Onboarding without', () => {
    expect(adminUserStatusOf('ACCEPTED', true)).toBe('LIVE');
    expect(adminUserStatusOf('ACCEPTED', false)).toBe('ONBOARDING');
    expect(adminUserStatusOf('PENDING', true)).toBe('PENDING');
    expect(adminUserStatusOf('REJECTED', false)).toBe('REJECTED');
    expect(adminUserStatusOf(null, true)).toBeNull();
  });

  it('defaults the form to ACCEPTED for a manager without a status', () => {
    expect(formWaitlistStatusOf(null, true)).toBe('ACCEPTED');
    expect(formWaitlistStatusOf(null, false)).toBeNull();
    expect(formWaitlistStatusOf('REJECTED', true)).toBe('REJECTED');
  });
});
