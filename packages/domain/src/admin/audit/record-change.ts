// The one way an admin change reaches the audit log: given the record before and after, inside
// the transaction that changed it, so the entry exists exactly when the change does.
import { type AdminAuditChange, adminAuditEntries, type Executor, recordChanges } from '@doppel/db';
import type { AdminAuditAction, AdminAuditEntity } from '@doppel/validation';
import { type AuditSnapshot, diffSnapshots } from './audit-diff.ts';

/** The live feed's entity name of audit entries. */
export const adminAuditEntityName = 'admin_audit_entries';

export type AdminChange = {
  actorUserId: string;
  /** The procedure that made the change (admin.talents.update). */
  procedure: string;
  entity: AdminAuditEntity;
  entityId: string;
  /** The record before the change; null when the change created it. */
  before: AuditSnapshot;
  /** The record after the change; null when the change deleted it. */
  after: AuditSnapshot;
};

export type RecordedAdminChange = { id: string; action: AdminAuditAction; changes: AdminAuditChange[] };

/**
 * Records the change when a field differs (secrets redacted) and answers the entry; a save that
 * changed nothing records nothing and answers null.
 */
export async function recordAdminChange(tx: Executor, change: AdminChange): Promise<RecordedAdminChange | null> {
  if (!change.before && !change.after) return null;
  const changes = diffSnapshots(change.before, change.after);
  if (changes.length === 0) return null;
  const action: AdminAuditAction = !change.before ? 'create' : !change.after ? 'delete' : 'update';
  const [entry] = await tx
    .insert(adminAuditEntries)
    .values({
      actorUserId: change.actorUserId,
      entity: change.entity,
      entityId: change.entityId,
      action,
      procedure: change.procedure,
      changes,
    })
    .returning({ id: adminAuditEntries.id });
  const id = (entry as { id: string }).id;
  // The History card of the record's page listens for these and reloads.
  await recordChanges(tx, [{ entity: adminAuditEntityName, rowId: id, scopes: ['admin'] }]);
  return { id, action, changes };
}
