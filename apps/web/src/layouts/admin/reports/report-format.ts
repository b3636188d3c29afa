// How the Reports screens word things, and the list's filter in the address (?status=…). Pure.
import { type AdminReportFilter, adminReportFilters, defaultAdminReportFilter } from '@doppel/validation';
import type { ListParamsSpec } from '../../../kit/list-params.ts';

export const reportFilterLabels: Record<AdminReportFilter, string> = { OPEN: 'Open', CLOSED: 'Closed', all: 'All' };

export const reportListParams = {
  status: { options: adminReportFilters, default: defaultAdminReportFilter },
} as const satisfies ListParamsSpec;

/** Tables whose changes the Reports screens show: a new or closed report, a twin hidden or shown. */
export const reportEntities = ['twin_reports', 'talents'] as const;

export function reportPath(reportId: string): string {
  return `/reports/${encodeURIComponent(reportId)}`;
}
