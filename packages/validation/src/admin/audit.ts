// `admin.audit.list`: the audit log of one record, for the History card of the admin detail pages.
import { z } from 'zod';
import { adminId, adminListInput, adminListOutput } from './list.ts';

/** The kinds of records admins change; each detail page asks for its own kind and id. */
export const adminAuditEntities = [
  'app',
  'talent',
  'user',
  'faq',
  'model',
  'payout',
  'broadcast',
  'discover',
  'chat',
  'report',
] as const;
export type AdminAuditEntity = (typeof adminAuditEntities)[number];

export const adminAuditActions = ['create', 'update', 'delete'] as const;
export type AdminAuditAction = (typeof adminAuditActions)[number];

export const adminAuditListInput = adminListInput({
  entity: z.enum(adminAuditEntities, { error: 'Unknown kind of record' }),
  entityId: adminId('Record ID'),
});
export type AdminAuditListInput = z.infer<typeof adminAuditListInput>;

/** A value as recorded: JSON, with secrets replaced by the redaction marker. */
const auditValue = z.json();

export const adminAuditEntryOutput = z.object({
  id: z.string(),
  createdAt: z.iso.datetime(),
  action: z.enum(adminAuditActions),
  procedure: z.string(),
  /** Who made the change; null once that admin's account was deleted. */
  actor: z.object({ id: z.string(), email: z.string().nullable(), name: z.string().nullable() }).nullable(),
  changes: z.array(z.object({ field: z.string(), before: auditValue, after: auditValue })),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntryOutput>;

/** Newest first, 50 a page; `nextCursor` continues. */
export const adminAuditListOutput = adminListOutput(adminAuditEntryOutput);
export type AdminAuditListOutput = z.infer<typeof adminAuditListOutput>;
