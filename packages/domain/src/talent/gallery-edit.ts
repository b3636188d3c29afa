import { type Executor, staticAttachments } from '@doppel/db';
import { type StaticAttachmentView, talentMessages } from '@doppel/validation';
import { and, eq } from 'drizzle-orm';
import { DomainError } from '../errors.ts';
import { recordTalentChange } from './changes.ts';
import { staticAttachmentView } from './get-settings.ts';

const notFound = () => new DomainError('NOT_FOUND', talentMessages.attachmentNotFound);

/** Update static attachment: the context the model matches image requests against (3 to 40 characters). */
export async function updateStaticAttachmentContext(
  tx: Executor,
  talentId: string,
  input: { staticAttachmentId: string; context: string },
): Promise<StaticAttachmentView> {
  const [row] = await tx
    .update(staticAttachments)
    .set({ context: input.context })
    .where(and(eq(staticAttachments.id, input.staticAttachmentId), eq(staticAttachments.talentId, talentId)))
    .returning();
  if (!row) throw notFound();
  await recordTalentChange(tx, talentId, [{ entity: 'static_attachments', rowId: row.id }]);
  return staticAttachmentView(row);
}

/**
 * Delete static attachment: the image leaves the gallery, so the twin no longer sends it. The
 * stored files stay: chat messages that already carry the image (unlocked by fans who paid) and
 * welcome messages point at the same files, and stored files are immutable by design.
 */
export async function deleteStaticAttachment(tx: Executor, talentId: string, staticAttachmentId: string): Promise<void> {
  const [row] = await tx
    .delete(staticAttachments)
    .where(and(eq(staticAttachments.id, staticAttachmentId), eq(staticAttachments.talentId, talentId)))
    .returning({ id: staticAttachments.id });
  if (!row) throw notFound();
  await recordTalentChange(tx, talentId, [{ entity: 'static_attachments', rowId: row.id }]);
}
