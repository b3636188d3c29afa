// The admin back-office Reports section: reports about twins from the public form.
export * from './list-reports.ts';
export * from './review-report.ts';
