// "Delete my account" (docs/safety.md, Data rights): the person's row and everything hanging off
// it are deleted; money records stay, their references to the person set to null by the foreign
// keys (payments, payment and talent ledgers, payouts), so every total still adds up. A creator's
// last-managed twin is taken down: no handle, no name, no picture, off Discover, payout details gone.
import {
  adminAuditEntries,
  chats,
  dataExports,
  devOutboxEmails,
  type Executor,
  payouts,
  publicTalents,
  sessions,
  signInTokens,
  talentConfigs,
  talentManagers,
  talents,
  twinReports,
  users,
} from '@doppel/db';
import { and, count, eq, inArray, or, sql } from 'drizzle-orm';
import { DomainError } from '../errors.ts';
import { forgetAudienceChats } from '../talent/audience-rollup.ts';

/** What the name of a taken-down twin becomes (the ledger and admin lists still show the row). */
export const deletedTwinName = 'Deleted twin';

/** What a report's reporter becomes once they deleted their account (the report stays for review). */
export const deletedReporter = 'deleted account';

export type DeletedAccount = {
  /** Storage paths of the person's export ZIPs, to remove once the transaction has committed. */
  exportFiles: string[];
  takenDownTwinIds: string[];
  /** The sessions the account had, whose live streams the caller ends once the deletion is committed. */
  sessionIds: string[];
};

/**
 * Deletes the account of `userId` in the caller's transaction. Refused while a payout of a twin
 * they manage is pending: the money is on its way and an admin still needs the details to send it.
 */
export async function deleteAccount(tx: Executor, userId: string): Promise<DeletedAccount> {
  const [user] = await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  if (!user) throw new DomainError('NOT_FOUND', 'This account no longer exists.');

  const managed = (
    await tx.select({ talentId: talentManagers.talentId }).from(talentManagers).where(eq(talentManagers.userId, userId))
  ).map((row) => row.talentId);
  if (managed.length > 0) {
    const [pending] = await tx
      .select({ n: count() })
      .from(payouts)
      .where(and(inArray(payouts.talentId, managed), eq(payouts.status, 'PENDING')));
    if ((pending?.n ?? 0) > 0)
      throw new DomainError(
        'CONFLICT',
        'A payout of yours is still pending. Your account can be deleted once it has been paid or rejected.',
      );
  }

  // Twins nobody else manages go down with their creator.
  const takenDownTwinIds: string[] = [];
  for (const talentId of managed) {
    const [others] = await tx
      .select({ n: count() })
      .from(talentManagers)
      .where(and(eq(talentManagers.talentId, talentId), sql`${talentManagers.userId} <> ${userId}`));
    if ((others?.n ?? 0) === 0) takenDownTwinIds.push(talentId);
  }
  if (takenDownTwinIds.length > 0) await takeDownTwins(tx, takenDownTwinIds);

  const sessionIds = (await tx.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId))).map(
    (row) => row.id,
  );
  const exportFiles = (
    await tx.select({ filePath: dataExports.filePath }).from(dataExports).where(eq(dataExports.userId, userId))
  ).flatMap((row) => (row.filePath ? [row.filePath] : []));

  const [account] = await tx.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (account?.email) {
    // Pending sign-in links and the development outbox hold the address outside the user row.
    await tx.delete(signInTokens).where(eq(signInTokens.email, account.email));
    await tx.delete(devOutboxEmails).where(eq(devOutboxEmails.to, account.email));
  }
  await forgetOutsideTheAccount(tx, userId, account?.email ?? null, takenDownTwinIds);
  // Their chats leave the twins' monthly Audience counts, as their frames go with them.
  const ownChats = await tx.select({ id: chats.id }).from(chats).where(eq(chats.userId, userId));
  await forgetAudienceChats(
    tx,
    ownChats.map((chat) => chat.id),
  );
  // Each twin's chat counter drops by the chats about to go.
  await tx.execute(sql`
    update ${talentConfigs} set chat_count = greatest(0, ${talentConfigs.chatCount} - gone.n)
    from (select ${chats.talentId} as talent_id, count(*)::int as n from ${chats} where ${chats.userId} = ${userId} group by 1) gone
    where ${talentConfigs.id} = gone.talent_id`);
  // The foreign keys do the rest: sessions, chats with their messages, memories, push
  // subscriptions, checkouts, subscriptions, drafts, manager rows and exports go with the row;
  // payments, ledgers, payouts and messages the person wrote in others' chats keep a null reference.
  await tx.delete(users).where(eq(users.id, userId));
  return { exportFiles, takenDownTwinIds, sessionIds };
}

async function takeDownTwins(tx: Executor, talentIds: string[]): Promise<void> {
  await tx.delete(publicTalents).where(inArray(publicTalents.id, talentIds));
  await tx
    .update(talents)
    .set({ name: deletedTwinName, tag: null, profilePictureUrl: null, age: null, gender: null })
    .where(inArray(talents.id, talentIds));
  await tx
    .update(talentConfigs)
    .set({ accountHolderName: null, iban: null, bic: null, taxId: null, payPalEmail: null, facts: [] })
    .where(inArray(talentConfigs.id, talentIds));
  // Finished payouts stay as money records without the bank or PayPal details.
  await tx
    .update(payouts)
    .set({ accountHolderName: null, iban: null, bic: null, taxId: null, payPalEmail: null })
    .where(inArray(payouts.talentId, talentIds));
}

/**
 * What holds the person outside rows their foreign keys delete: the reports they filed (kept for
 * the review, without who sent them) and the admin audit log's entries about their account, their
 * chats, their taken-down twins and their reports, whose before and after values are their data.
 */
async function forgetOutsideTheAccount(
  tx: Executor,
  userId: string,
  email: string | null,
  takenDownTwinIds: string[],
): Promise<void> {
  const filed = or(eq(twinReports.reporterUserId, userId), email ? eq(twinReports.reporterEmail, email) : undefined);
  const reportIds = (await tx.select({ id: twinReports.id }).from(twinReports).where(filed)).map((row) => row.id);
  if (reportIds.length > 0) {
    await tx
      .update(twinReports)
      .set({ reporterEmail: deletedReporter, reporterUserId: null, reporterAddressHash: null })
      .where(inArray(twinReports.id, reportIds));
  }
  const chatIds = (await tx.select({ id: chats.id }).from(chats).where(eq(chats.userId, userId))).map((row) => row.id);
  const about = (entity: string, ids: string[]) =>
    ids.length > 0 ? and(eq(adminAuditEntries.entity, entity), inArray(adminAuditEntries.entityId, ids)) : undefined;
  const entries = [
    about('user', [userId]),
    about('chat', chatIds),
    about('talent', takenDownTwinIds),
    about('report', reportIds),
  ];
  await tx.delete(adminAuditEntries).where(or(...entries.filter((entry) => entry !== undefined)));
}
