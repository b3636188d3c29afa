// The admin tier's write: for a mutation that declares what it changes (meta.audit), ctx.write
// reads the record before and after the mutation's own work in the same transaction and records
// the difference with the admin's id (recordAdminChange). Procedures keep calling ctx.write as
// every other procedure does; none copies the recording by hand.
import { recordAdminChange } from '@doppel/domain/admin/audit';
import type { Me } from '@doppel/validation';
import type { Context, Write } from '../trpc/context.ts';
import type { AuditedRecordKind, AuditIdSource, AuditMeta } from '../trpc/init.ts';
import { auditedRecords, readAudited } from './audited-records.ts';

type AuditedContext = Context & { user: Me };

/** A field of the raw input or of the write's result, as an id; undefined when absent or not text. */
function idField(source: unknown, field: string): string | undefined {
  const value = (source as Record<string, unknown> | null | undefined)?.[field];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

/**
 * The write an audited admin mutation gets. `rawInput` is the call's input as sent: the tier's
 * middleware runs before the procedure parses it, and by the time the procedure writes, the
 * parse has passed (ids are only trimmed by it).
 */
export function auditedWrite(
  ctx: AuditedContext,
  audit: { record: AuditedRecordKind; id?: AuditIdSource },
  procedure: string,
  rawInput: unknown,
  onWritten: () => void,
): Write {
  const record = auditedRecords[audit.record];
  return (work) =>
    ctx.write(async (tx) => {
      const source = audit.id;
      const knownId = record.singletonId ?? (source && 'input' in source ? idField(rawInput, source.input) : undefined);
      const before = knownId ? await readAudited(audit.record, ctx, tx, knownId) : null;
      const result = await work(tx);
      const id = knownId ?? (source && 'result' in source ? idField(result, source.result) : undefined);
      if (!id) throw new Error(`${procedure}: the audit found no record id (${JSON.stringify(source)})`);
      const after = await readAudited(audit.record, ctx, tx, id);
      await recordAdminChange(tx, { actorUserId: ctx.user.id, procedure, entity: record.entity, entityId: id, before, after });
      onWritten();
      return result;
    });
}

/** Whether a mutation's meta names a record to audit (rather than an exemption or nothing). */
export function auditTarget(audit: AuditMeta | undefined): { record: AuditedRecordKind; id?: AuditIdSource } | undefined {
  return audit && 'record' in audit ? audit : undefined;
}
