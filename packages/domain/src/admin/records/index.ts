// The admin's database record view of one row (docs/admin-backoffice.md).
export { getAdminRecord } from './get-record.ts';
