// docs/product-rules.md#calls "Schedule broadcast (admin)" and "Delete broadcast". Scheduling inserts the broadcast and
// enqueues its prepare job for scheduledAt in the same transaction (the worker's minute sweep
// picks up one whose job was lost). Only a SCHEDULED broadcast may be deleted (docs/product-rules.md#broadcasts).
import { broadcasts, recordChanges, type Transaction, talents } from '@doppel/db';
import { type AdminBroadcastScheduleInput, broadcastSchedulePastToleranceMs } from '@doppel/validation';
import { eq } from 'drizzle-orm';
import { broadcastChanged } from '../../broadcasts/scopes.ts';
import { DomainError } from '../../errors.ts';
import { broadcastNotFound } from './broadcasts-read.ts';

export async function scheduleBroadcast(
  tx: Transaction,
  input: AdminBroadcastScheduleInput,
  deps: { adminUserId: string; now?: Date; enqueuePrepare: (broadcastId: string, at: Date) => Promise<void> },
): Promise<{ broadcastId: string }> {
  const now = deps.now ?? new Date();
  const scheduledAt = new Date(input.scheduledAt);
  if (scheduledAt.getTime() < now.getTime() - broadcastSchedulePastToleranceMs) {
    const message = 'Pick a time from now on.';
    throw new DomainError('INVALID', message, { scheduledAt: [message] });
  }
  if (input.talentId) {
    const [talent] = await tx.select({ id: talents.id }).from(talents).where(eq(talents.id, input.talentId));
    if (!talent) throw new DomainError('NOT_FOUND', 'This talent does not exist.', { talentId: ['This talent does not exist.'] });
  }
  const [broadcast] = await tx
    .insert(broadcasts)
    .values({
      status: 'SCHEDULED',
      talentId: input.talentId,
      message: input.chatMessageText,
      pushNotificationHeadline: input.pushNotificationHeadline,
      pushNotificationMessage: input.pushNotificationMessage,
      scheduledAt,
      createdByUserId: deps.adminUserId,
    })
    .returning({ id: broadcasts.id });
  if (!broadcast) throw new Error('the broadcast insert returned no row');
  await recordChanges(tx, [broadcastChanged(broadcast.id, input.talentId)]);
  await deps.enqueuePrepare(broadcast.id, scheduledAt);
  return { broadcastId: broadcast.id };
}

/** Marks a SCHEDULED broadcast DELETED; its waiting prepare job then finds nothing to do. */
export async function deleteBroadcast(tx: Transaction, broadcastId: string, now = new Date()): Promise<{ broadcastId: string }> {
  const [broadcast] = await tx
    .select({ status: broadcasts.status, talentId: broadcasts.talentId })
    .from(broadcasts)
    .where(eq(broadcasts.id, broadcastId))
    .for('update');
  if (!broadcast) throw broadcastNotFound();
  if (broadcast.status !== 'SCHEDULED') {
    throw new DomainError('CONFLICT', 'Only a scheduled broadcast can be deleted; this one has started.');
  }
  await tx.update(broadcasts).set({ status: 'DELETED', deletedAt: now, updatedAt: now }).where(eq(broadcasts.id, broadcastId));
  await recordChanges(tx, [broadcastChanged(broadcastId, broadcast.talentId)]);
  return { broadcastId };
}
