// Consent and take-down (docs/safety.md).
export * from './consent.ts';
export * from './hidden-twins.ts';
export * from './report-emails.ts';
export * from './submit-report.ts';
