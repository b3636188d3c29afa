// The admin Reports queue (docs/admin-backoffice.md): reports about twins, newest first, open ones
// by default, 50 a page by keyset.
import { type Executor, talents, twinReports } from '@doppel/db';
import { type AdminReportFilter, type AdminReportView, adminPageSize } from '@doppel/validation';
import { and, eq, sql } from 'drizzle-orm';
import { afterCursor, type KeysetSort, keysetOrder, pageLimit, sortValueOf, toPage } from '../paging.ts';

/** Newest first; index twin_reports_status_created_id_idx (one status) or twin_reports_created_id_idx (all). */
const newestFirst: KeysetSort = {
  key: 'createdAt',
  column: twinReports.createdAt,
  kind: 'timestamp',
  direction: 'desc',
  id: twinReports.id,
};

/** Characters of the description in the list. */
const previewLength = 200;

export const reportColumns = {
  id: twinReports.id,
  reason: twinReports.reason,
  status: twinReports.status,
  reporterEmail: twinReports.reporterEmail,
  createdAt: twinReports.createdAt,
  talentId: talents.id,
  talentName: talents.name,
  talentTag: talents.tag,
  talentHiddenAt: talents.hiddenFromFansAt,
};

type ReportRow = {
  id: string;
  reason: AdminReportView['reason'];
  status: AdminReportView['status'];
  reporterEmail: string;
  description: string;
  createdAt: Date;
  talentId: string;
  talentName: string;
  talentTag: string | null;
  talentHiddenAt: Date | null;
};

export function toReportView(row: ReportRow): AdminReportView {
  return {
    id: row.id,
    reason: row.reason,
    status: row.status,
    reporterEmail: row.reporterEmail,
    description: row.description,
    createdAt: row.createdAt.toISOString(),
    talent: {
      id: row.talentId,
      name: row.talentName,
      tag: row.talentTag,
      hiddenFromFansAt: row.talentHiddenAt?.toISOString() ?? null,
    },
  };
}

export type ListAdminReportsInput = { status: AdminReportFilter; cursor?: string | null | undefined };

/** `admin.reports.list`: one page of reports with their twin; `nextCursor` continues. */
export async function listAdminReports(
  db: Executor,
  input: ListAdminReportsInput,
): Promise<{ items: AdminReportView[]; nextCursor: string | null }> {
  const rows = await db
    .select({
      ...reportColumns,
      description: sql<string>`left(${twinReports.description}, ${previewLength})`,
      sortValue: sortValueOf(newestFirst),
    })
    .from(twinReports)
    .innerJoin(talents, eq(talents.id, twinReports.talentId))
    .where(and(input.status === 'all' ? undefined : eq(twinReports.status, input.status), afterCursor(newestFirst, input.cursor)))
    .orderBy(...keysetOrder(newestFirst))
    .limit(pageLimit(adminPageSize));
  const page = toPage(rows, newestFirst, adminPageSize);
  return { items: page.rows.map(toReportView), nextCursor: page.nextCursor };
}
