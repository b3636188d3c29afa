// The creator's list of corrections (talent.corrections.list) and taking one back
// (talent.corrections.delete): its example leaves the twin's model, so a correction made by
// mistake never trains the twin. Only a talent the viewer manages; another twin's is NOT_FOUND.
import { chatMessages, type Executor, models, recordChanges, type Transaction, talentCorrections } from '@doppel/db';
import type { CorrectionsListOutput } from '@doppel/validation';
import { and, eq } from 'drizzle-orm';
import { managesTalent, type Viewer } from '../../access/scopes.ts';
import { modelChanged } from '../../admin/models/scopes.ts';
import { afterCursor, type KeysetSort, keysetOrder, pageLimit, sortValueOf, toPage } from '../../admin/paging.ts';
import { DomainError } from '../../errors.ts';
import { correctionChanged, correctionExample, correctionWaits, sameExample } from './corrections.ts';

/** Newest first: the correction just made is on top. */
const byNewest: KeysetSort = {
  key: 'corrections',
  column: talentCorrections.updatedAt,
  kind: 'timestamp',
  direction: 'desc',
  id: talentCorrections.id,
};

function assertManages(viewer: Viewer, talentId: string): void {
  if (!managesTalent(viewer, talentId)) throw new DomainError('FORBIDDEN', 'You do not manage this talent.');
}

export async function listCorrections(
  db: Executor,
  viewer: Viewer,
  input: { talentId: string; cursor?: string | undefined; limit: number },
): Promise<CorrectionsListOutput> {
  assertManages(viewer, input.talentId);
  const rows = await db
    .select({
      id: talentCorrections.id,
      source: talentCorrections.source,
      fanText: talentCorrections.fanText,
      answerText: talentCorrections.answerText,
      chatId: chatMessages.chatId,
      replyMessageId: talentCorrections.replyMessageId,
      updatedAt: talentCorrections.updatedAt,
      waiting: correctionWaits,
      sortValue: sortValueOf(byNewest),
    })
    .from(talentCorrections)
    .leftJoin(chatMessages, eq(chatMessages.id, talentCorrections.replyMessageId))
    .where(and(eq(talentCorrections.talentId, input.talentId), afterCursor(byNewest, input.cursor)))
    .orderBy(...keysetOrder(byNewest))
    .limit(pageLimit(input.limit));
  const page = toPage(rows, byNewest, input.limit);
  return {
    items: page.rows.map(({ sortValue: _sortValue, updatedAt, waiting, ...row }) => ({
      ...row,
      waiting: Boolean(waiting),
      updatedAt: updatedAt.toISOString(),
    })),
    nextCursor: page.nextCursor,
  };
}

/**
 * Takes a correction back: its example leaves the twin's model (the first one equal to it; an
 * admin may have edited the examples since, then there is nothing to remove) and the row goes.
 * A version already trained on it keeps it: models are not retrained here.
 */
export async function deleteCorrection(
  tx: Transaction,
  viewer: Viewer,
  input: { talentId: string; correctionId: string },
): Promise<{ deleted: true }> {
  assertManages(viewer, input.talentId);
  const [correction] = await tx
    .select()
    .from(talentCorrections)
    .where(and(eq(talentCorrections.id, input.correctionId), eq(talentCorrections.talentId, input.talentId)))
    .for('update');
  if (!correction) throw new DomainError('NOT_FOUND', 'This correction does not exist.');
  const events = [correctionChanged(input.talentId, correction.id)];
  const example = correctionExample(correction.fanText, correction.answerText);
  if (correction.modelId && example) {
    const [model] = await tx
      .select({ id: models.id, trainingExamples: models.trainingExamples })
      .from(models)
      .where(eq(models.id, correction.modelId))
      .for('update');
    const at = model ? model.trainingExamples.findIndex((candidate) => sameExample(candidate, example)) : -1;
    if (model && at >= 0) {
      const examples = model.trainingExamples.filter((_, index) => index !== at);
      await tx.update(models).set({ trainingExamples: examples, updatedAt: new Date() }).where(eq(models.id, model.id));
      events.push(...modelChanged(model.id, input.talentId, ['models']));
    }
  }
  await Promise.all([tx.delete(talentCorrections).where(eq(talentCorrections.id, correction.id)), recordChanges(tx, events)]);
  return { deleted: true };
}
