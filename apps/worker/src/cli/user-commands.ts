// `admin create`, `admin promote`, `users accept`: the few account changes an operator makes by hand.
import { type Executor, recordChanges, users } from '@doppel/db';
import { acceptWaitlistedUser } from '@doppel/domain/admin/users';
import { eq } from 'drizzle-orm';
import { CliError, type OpsContext } from './context.ts';

type UserChange = Partial<Pick<typeof users.$inferInsert, 'role' | 'waitlistStatus'>>;

// Open admin and profile screens refresh through the live feed like after any other write.
async function announce(tx: Executor, userId: string): Promise<void> {
  await recordChanges(tx, [{ entity: 'users', rowId: userId, scopes: [`user:${userId}`, 'admin'] }]);
}

async function updateByEmail(context: OpsContext, email: string, change: UserChange): Promise<string> {
  return context.client.db.transaction(async (tx) => {
    const [user] = await tx.update(users).set(change).where(eq(users.email, email)).returning({ id: users.id });
    if (!user) throw new CliError(`no user with email ${email}`);
    await announce(tx, user.id);
    return user.id;
  });
}

export async function createAdmin(context: OpsContext, email: string, displayName: string | undefined): Promise<void> {
  const id = await context.client.db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (existing) throw new CliError(`a user with email ${email} already exists; use \`admin promote ${email}\``);
    const [user] = await tx
      .insert(users)
      .values({ email, name: displayName ?? email.split('@')[0] ?? '', role: 'ADMIN', waitlistStatus: 'ACCEPTED' })
      .returning({ id: users.id });
    if (!user) throw new Error('insert returned no row');
    await announce(tx, user.id);
    return user.id;
  });
  context.out(`created admin ${email} (${id})`);
}

export async function promoteAdmin(context: OpsContext, email: string): Promise<void> {
  const id = await updateByEmail(context, email, { role: 'ADMIN', waitlistStatus: 'ACCEPTED' });
  context.out(`promoted ${email} (${id}) to admin`);
}

/** The same change and "You're in!" email as an admin accepting the user in the back-office. */
export async function acceptUser(context: OpsContext, email: string): Promise<void> {
  const { userId, acceptanceEmail } = await context.client.db.transaction((tx) =>
    acceptWaitlistedUser(tx, email, { publicUrl: context.publicUrl }),
  );
  context.out(`accepted ${email} (${userId}) from the waitlist`);
  if (!acceptanceEmail) return;
  // After the commit: a failed send leaves them accepted, and says so.
  try {
    await context.mailer.send(acceptanceEmail);
    context.out(`sent the acceptance email to ${email}`);
  } catch (error) {
    throw new CliError(`accepted ${email}, but the acceptance email could not be sent: ${(error as Error).message}`);
  }
}
