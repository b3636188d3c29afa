// The admin back-office Reports section: reports about twins from the public form.
export { type ListAdminReportsInput, listAdminReports, reportColumns, toReportView } from './list-reports.ts';
export { closeAdminReport, getAdminReport, setReportedTwinHidden } from './review-report.ts';
