// One report in the admin Reports queue: read it, hide its twin from fans (or show it again), and
// close it with a note the reporter is emailed.
import { type Executor, recordChanges, talents, twinReports, users } from '@doppel/db';
import type { AdminReportDetail } from '@doppel/validation';
import { eq } from 'drizzle-orm';
import { DomainError } from '../../errors.ts';
import type { Email } from '../../ports/mailer.ts';
import { reportClosedEmail } from '../../reports/report-emails.ts';
import { reportColumns, toReportView } from './list-reports.ts';

const notFound = () => new DomainError('NOT_FOUND', 'This report does not exist.');

/** `admin.reports.get`: the whole report, its twin and who closed it. */
export async function getAdminReport(db: Executor, reportId: string): Promise<AdminReportDetail> {
  const [row] = await db
    .select({
      ...reportColumns,
      description: twinReports.description,
      reporterUserId: twinReports.reporterUserId,
      closingNote: twinReports.closingNote,
      closedAt: twinReports.closedAt,
      closedByEmail: users.email,
    })
    .from(twinReports)
    .innerJoin(talents, eq(talents.id, twinReports.talentId))
    .leftJoin(users, eq(users.id, twinReports.closedByUserId))
    .where(eq(twinReports.id, reportId))
    .limit(1);
  if (!row) throw notFound();
  return {
    ...toReportView(row),
    reporterUserId: row.reporterUserId,
    closingNote: row.closingNote,
    closedAt: row.closedAt?.toISOString() ?? null,
    closedBy: row.closedByEmail,
  };
}

/**
 * `admin.reports.hide`: hides the report's twin from fans (discover and chat refuse it) or shows it
 * again. The flag lives on the twin, so it holds whatever happens to the report.
 */
export async function setReportedTwinHidden(
  tx: Executor,
  input: { reportId: string; hidden: boolean },
): Promise<AdminReportDetail> {
  const [report] = await tx
    .select({ talentId: twinReports.talentId })
    .from(twinReports)
    .where(eq(twinReports.id, input.reportId));
  if (!report) throw notFound();
  const now = new Date();
  await tx
    .update(talents)
    .set({ hiddenFromFansAt: input.hidden ? now : null, updatedAt: now })
    .where(eq(talents.id, report.talentId));
  await recordChanges(tx, [
    // `app`: the public discover page follows at once.
    { entity: 'talents', rowId: report.talentId, scopes: [`talent:${report.talentId}`, 'admin', 'app'] },
    { entity: 'twin_reports', rowId: input.reportId, scopes: ['admin'] },
  ]);
  return getAdminReport(tx, input.reportId);
}

/**
 * `admin.reports.close`: closes an open report with a note and returns the email that tells the
 * reporter, for the caller to send after the commit. Closing twice is a CONFLICT: the reporter is
 * told once.
 */
export async function closeAdminReport(
  tx: Executor,
  input: { reportId: string; note: string; actorId: string },
): Promise<{ report: AdminReportDetail; email: Email }> {
  const [row] = await tx
    .select({ status: twinReports.status, email: twinReports.reporterEmail, twinName: talents.name })
    .from(twinReports)
    .innerJoin(talents, eq(talents.id, twinReports.talentId))
    .where(eq(twinReports.id, input.reportId))
    .for('update', { of: twinReports });
  if (!row) throw notFound();
  if (row.status === 'CLOSED') throw new DomainError('CONFLICT', 'This report is already closed.');
  const now = new Date();
  await tx
    .update(twinReports)
    .set({ status: 'CLOSED', closingNote: input.note, closedAt: now, closedByUserId: input.actorId, updatedAt: now })
    .where(eq(twinReports.id, input.reportId));
  await recordChanges(tx, [{ entity: 'twin_reports', rowId: input.reportId, scopes: ['admin'] }]);
  return { report: await getAdminReport(tx, input.reportId), email: reportClosedEmail(row.email, row.twinName, input.note) };
}
