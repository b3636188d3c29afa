// The public Report a twin form (docs/safety.md, Take-down): anyone, signed in or not, may report a
// twin; the report waits in the admin Reports queue and the reporter gets an email.
import { createHash } from 'node:crypto';
import { recordChanges, type Transaction, talents, twinReports } from '@doppel/db';
import type { TwinReportReasonValue } from '@doppel/validation';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import { DomainError } from '../errors.ts';
import { lockKeys } from '../limits/keyed-locks.ts';
import type { Email } from '../ports/mailer.ts';
import { reportReceivedEmail } from './report-emails.ts';

/**
 * How many reports may be sent in the window. Each sends an email and lands in a person's queue, so
 * one client must not flood either; five an hour per inbox and ten per address leave room for a
 * person reporting a few twins, or a household behind one NAT.
 */
export const twinReportLimits = { perEmail: 5, perAddress: 10, windowMs: 60 * 60 * 1000 } as const;
export const tooManyReportsMessage = 'Too many reports in a short time. Please wait an hour and try again.';

/** What is stored of a reporting address: its SHA-256, enough to count by. */
export function reportAddressHash(address: string): string {
  return createHash('sha256').update(`twin-report:${address}`).digest('hex');
}

export type SubmitTwinReportInput = {
  talentTag: string;
  reason: TwinReportReasonValue;
  description: string;
  /** Already trimmed and lower-cased by the schema. */
  email: string;
  reporterUserId: string | null;
  address: string | undefined;
  now?: Date;
};

/**
 * Stores an OPEN report about the twin named by its handle and returns the "received" email for the
 * caller to send after the commit. Counted from the reports themselves, under a lock per email and
 * per address, so concurrent sends queue and the limits hold exactly across API processes.
 */
export async function submitTwinReport(tx: Transaction, input: SubmitTwinReportInput): Promise<{ id: string; email: Email }> {
  const now = input.now ?? new Date();
  const [talent] = await tx
    .select({ id: talents.id, name: talents.name })
    .from(talents)
    .where(sql`lower(${talents.tag}) = lower(${input.talentTag})`)
    .limit(1);
  if (!talent) {
    const message = 'There is no twin with this handle.';
    throw new DomainError('INVALID', message, { talentTag: [message] });
  }
  const addressHash = input.address ? reportAddressHash(input.address) : null;
  await lockKeys(
    tx,
    addressHash
      ? [`twin-report-email:${input.email}`, `twin-report-address:${addressHash}`]
      : [`twin-report-email:${input.email}`],
  );
  const since = new Date(now.getTime() - twinReportLimits.windowMs);
  const [byEmail] = await tx
    .select({ n: count() })
    .from(twinReports)
    .where(and(eq(twinReports.reporterEmail, input.email), gt(twinReports.createdAt, since)));
  if ((byEmail?.n ?? 0) >= twinReportLimits.perEmail) throw new DomainError('RATE_LIMITED', tooManyReportsMessage);
  if (addressHash) {
    const [byAddress] = await tx
      .select({ n: count() })
      .from(twinReports)
      .where(and(eq(twinReports.reporterAddressHash, addressHash), gt(twinReports.createdAt, since)));
    if ((byAddress?.n ?? 0) >= twinReportLimits.perAddress) throw new DomainError('RATE_LIMITED', tooManyReportsMessage);
  }
  const [report] = await tx
    .insert(twinReports)
    .values({
      talentId: talent.id,
      reason: input.reason,
      description: input.description,
      reporterEmail: input.email,
      reporterUserId: input.reporterUserId,
      reporterAddressHash: addressHash,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: twinReports.id });
  if (!report) throw new Error('inserting the report returned no row');
  await recordChanges(tx, [{ entity: 'twin_reports', rowId: report.id, scopes: ['admin'] }]);
  return { id: report.id, email: reportReceivedEmail(input.email, talent.name) };
}
