// The admin back-office Reports section (admin.reports.*): reports from the public Report a twin
// form, newest first by status, and one report with its twin, hidden from fans or not.
import { z } from 'zod';
import { twinReportReasonValues } from '../reports/index.ts';
import { adminId, adminListInput, adminListOutput } from './list.ts';

export const adminReportFilters = ['OPEN', 'CLOSED', 'all'] as const;
export type AdminReportFilter = (typeof adminReportFilters)[number];
export const defaultAdminReportFilter: AdminReportFilter = 'OPEN';

export const adminReportsListInput = adminListInput({
  status: z.enum(adminReportFilters).default(defaultAdminReportFilter),
});
export type AdminReportsListInput = z.input<typeof adminReportsListInput>;

const reportTalent = z.object({
  id: z.string(),
  name: z.string(),
  tag: z.string().nullable(),
  /** When an admin hid it from fans; null while fans see it. */
  hiddenFromFansAt: z.iso.datetime().nullable(),
});

export const adminReportOutput = z.object({
  id: z.string(),
  reason: z.enum(twinReportReasonValues),
  status: z.enum(['OPEN', 'CLOSED']),
  reporterEmail: z.string(),
  /** The start of the description. */
  description: z.string(),
  createdAt: z.iso.datetime(),
  talent: reportTalent,
});
export type AdminReportView = z.infer<typeof adminReportOutput>;
export const adminReportsListOutput = adminListOutput(adminReportOutput);

export const adminReportGetInput = z.object({ reportId: adminId('Report ID') });

export const adminReportDetailOutput = adminReportOutput.extend({
  reporterUserId: z.string().nullable(),
  closingNote: z.string().nullable(),
  closedAt: z.iso.datetime().nullable(),
  closedBy: z.string().nullable(),
});
export type AdminReportDetail = z.infer<typeof adminReportDetailOutput>;

/** Hide the report's twin from fans, or show it again. */
export const adminReportHideInput = z.object({ reportId: adminId('Report ID'), hidden: z.boolean() });

export const adminReportCloseNoteMax = 2000;
export const adminReportCloseInput = z.object({
  reportId: adminId('Report ID'),
  note: z
    .string()
    .trim()
    .min(1, 'Write a note for the reporter')
    .max(adminReportCloseNoteMax, `At most ${adminReportCloseNoteMax} characters`),
});
export type AdminReportCloseInput = z.input<typeof adminReportCloseInput>;
