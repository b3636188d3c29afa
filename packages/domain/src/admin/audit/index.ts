export { type AuditSnapshot, diffSnapshots, maxTextLength, redactedMarker } from './audit-diff.ts';
export { listAdminAuditEntries } from './list-entries.ts';
export { type AdminChange, adminAuditEntityName, type RecordedAdminChange, recordAdminChange } from './record-change.ts';
