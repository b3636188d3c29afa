import { type Executor, users } from '@doppel/db';
import { eq } from 'drizzle-orm';
import { acceptPendingInvitations } from '../admin/managers/accept-invitations.ts';
import { DomainError } from '../errors.ts';

/**
 * The account an email signs in to, created on first sign-in. Every way in (magic link, Google,
 * Apple) lands here with an email its provider vouched for, so one person keeps one account
 * whichever they use. `name` (a provider may tell it) is used only when the account is created.
 * Pending manager invitations for the email take effect here (docs/product-rules.md#admin-back-office), so callers run it in the
 * sign-in's transaction.
 */
export async function findOrCreateUserByEmail(
  db: Executor,
  email: string,
  options: { name?: string | undefined; now?: Date } = {},
): Promise<string> {
  const normalised = email.trim().toLowerCase();
  const userId = await findOrCreateUser(db, normalised, options);
  await acceptPendingInvitations(db, userId, normalised, options.now);
  return userId;
}

async function findOrCreateUser(
  db: Executor,
  normalised: string,
  options: { name?: string | undefined; now?: Date },
): Promise<string> {
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, normalised)).limit(1);
  if (existing) return existing.id;
  const name = options.name?.trim() || (normalised.split('@')[0] ?? normalised);
  // A concurrent first sign-in may insert the same email first: the upsert then returns that row.
  const [created] = await db
    .insert(users)
    .values({ email: normalised, name })
    .onConflictDoUpdate({ target: users.email, set: { updatedAt: options.now ?? new Date() } })
    .returning({ id: users.id });
  if (!created) throw new DomainError('CONFLICT', 'Could not create the account, please try again.');
  return created.id;
}
