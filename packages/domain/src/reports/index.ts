// Consent and take-down (docs/safety.md).
export {
  assertConsentForPublishing,
  confirmTalentConsent,
  consentMissingForPublishMessage,
  getTalentConsent,
} from './consent.ts';
export { assertTwinVisibleTo, hiddenTwinMessage } from './hidden-twins.ts';
export { reportClosedEmail, reportReceivedEmail } from './report-emails.ts';
export {
  reportAddressHash,
  type SubmitTwinReportInput,
  submitTwinReport,
  tooManyReportsMessage,
  twinReportLimits,
} from './submit-report.ts';
