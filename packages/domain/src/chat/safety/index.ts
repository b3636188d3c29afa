export { type CrisisAnswer, type CrisisContext, crisisWrites, planCrisisAnswer } from './crisis-answer.ts';
export { countryFromRequest, pausedUntil, pausesPersona, safetyReplyText } from './safety-reply.ts';
export { safetyReport, safetyReportCsv } from './safety-report.ts';
export { getCrisisSettings, updateCrisisSettings } from './safety-settings.ts';
