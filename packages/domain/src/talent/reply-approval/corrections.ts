// Corrections that train the twin (docs/creator-dashboard.md): the creator's answer to a fan
// message, from an edited draft or a sent reply they rewrote, kept as a training example (the fan's
// message, the creator's answer) on the twin's model, so the admin's next "Generate new version"
// trains on it. One correction per twin reply: rewriting it again replaces its example. The reply
// path also uses it as an example for the next similar fan message at once (chat/reply/examples.ts).
import {
  type ChangeEvent,
  chatMessages,
  chats,
  type Executor,
  models,
  modelVersions,
  newId,
  recordChanges,
  replyDrafts,
  type TrainingExample,
  type Transaction,
  talentConfigs,
  talentCorrections,
  talents,
} from '@doppel/db';
import type { CorrectionsSummary } from '@doppel/validation';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { managesTalent, type Viewer } from '../../access/scopes.ts';
import { modelChanged } from '../../admin/models/scopes.ts';
import { DomainError } from '../../errors.ts';

export type Correction = {
  talentId: string;
  fanText: string;
  answerText: string;
} & (
  | {
      /** The twin's message it corrects; for an edited draft, the message that was sent. */
      replyMessageId: string;
      source: 'DRAFT_EDIT' | 'REWRITE';
    }
  | {
      /** The quality check case whose weak answer the creator corrected (docs/quality.md). */
      qualityCaseId: string;
      source: 'QUALITY_CHECK';
    }
);

/** The training format has one message a line: line breaks become spaces (as formatTrainingExamples would). */
function oneLine(text: string): string {
  return text.replace(/\s*(\r\n|[\r\n])\s*/g, ' ').trim();
}

/**
 * The example the parser of docs/product-rules.md#training-examples accepts: a user message, then the assistant's answer, both
 * with content. Undefined when either side has no text (an image-only message has nothing to learn).
 */
export function correctionExample(fanText: string, answerText: string): TrainingExample | undefined {
  const user = oneLine(fanText);
  const assistant = oneLine(answerText);
  if (!user || !assistant) return undefined;
  return {
    messages: [
      { role: 'user', content: user },
      { role: 'assistant', content: assistant },
    ],
  };
}

export const sameExample = (a: TrainingExample, b: TrainingExample) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The twin's model, locked: the one whose fine-tuned version the twin answers with, else the one
 * changed last; a twin without a model gets one named after it (the admin finds it under Models).
 * The talent's config row is locked first, so two corrections never create two models.
 */
async function lockTwinModel(tx: Transaction, talentId: string) {
  const [twin] = await tx
    .select({ name: talents.name, fineTuned: talentConfigs.llmFineTunedModelId })
    .from(talents)
    .leftJoin(talentConfigs, eq(talentConfigs.id, talents.id))
    .where(eq(talents.id, talentId))
    .for('no key update', { of: talents });
  if (!twin) throw new DomainError('NOT_FOUND', 'Talent not found');
  const [model] = await tx
    .select({ id: models.id, trainingExamples: models.trainingExamples })
    .from(models)
    .where(eq(models.talentId, talentId))
    .orderBy(
      desc(sql`coalesce(${models.defaultFineTunedModelId} = ${twin.fineTuned ?? ''}, false)`),
      desc(models.updatedAt),
      desc(models.id),
    )
    .limit(1)
    .for('update');
  if (model) return { ...model, created: false };
  const id = newId();
  await tx.insert(models).values({ id, name: twin.name, talentId });
  return { id, trainingExamples: [] as TrainingExample[], created: true };
}

/**
 * Keeps the correction: its example on the twin's model (replacing the example of an earlier
 * correction of the same reply, or of the same quality check case) and its row. Returns
 * undefined, keeping nothing, when a side has no text.
 */
export async function keepCorrection(tx: Transaction, correction: Correction): Promise<{ id: string } | undefined> {
  const example = correctionExample(correction.fanText, correction.answerText);
  if (!example) return undefined;
  const model = await lockTwinModel(tx, correction.talentId);
  const [earlier] = await tx
    .select({
      id: talentCorrections.id,
      modelId: talentCorrections.modelId,
      fanText: talentCorrections.fanText,
      answerText: talentCorrections.answerText,
    })
    .from(talentCorrections)
    .where(
      correction.source === 'QUALITY_CHECK'
        ? eq(talentCorrections.qualityCaseId, correction.qualityCaseId)
        : eq(talentCorrections.replyMessageId, correction.replyMessageId),
    )
    .for('update');
  const examples = [...model.trainingExamples];
  const earlierExample =
    earlier && earlier.modelId === model.id ? correctionExample(earlier.fanText, earlier.answerText) : undefined;
  const at = earlierExample ? examples.findIndex((candidate) => sameExample(candidate, earlierExample)) : -1;
  if (at >= 0) examples.splice(at, 1, example);
  else examples.push(example);
  const id = earlier?.id ?? newId();
  const now = new Date();
  await Promise.all([
    tx.update(models).set({ trainingExamples: examples, updatedAt: now }).where(eq(models.id, model.id)),
    tx
      .insert(talentCorrections)
      .values({ id, ...correction, modelId: model.id, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        // One correction per reply, or per quality check case: correcting again replaces it.
        target: correction.source === 'QUALITY_CHECK' ? talentCorrections.qualityCaseId : talentCorrections.replyMessageId,
        set: {
          modelId: model.id,
          source: correction.source,
          fanText: correction.fanText,
          answerText: correction.answerText,
          // The reply path embeds a correction without a vector (chat/reply/examples.ts): a new fan text needs a new one.
          embedding: sql`case when ${talentCorrections.fanText} = excluded.fan_text then ${talentCorrections.embedding} end`,
          updatedAt: now,
        },
      }),
    recordChanges(tx, [...modelChanged(model.id, correction.talentId, ['models']), correctionChanged(correction.talentId, id)]),
  ]);
  return { id };
}

export function correctionChanged(talentId: string, correctionId: string): ChangeEvent {
  return { entity: 'talent_corrections', rowId: correctionId, scopes: [`talent:${talentId}`, 'admin'] };
}

/**
 * `talent.corrections.rewrite`: what the creator would have answered to a fan message the twin
 * already answered in this chat. The fan's conversation is not changed; the answer trains the twin.
 */
export async function rewriteReply(
  tx: Transaction,
  viewer: Viewer,
  input: { talentId: string; chatId: string; messageId: string; text: string },
): Promise<{ correctionId: string; text: string }> {
  if (!managesTalent(viewer, input.talentId)) throw new DomainError('FORBIDDEN', 'You do not manage this talent.');
  const fanMessage = alias(chatMessages, 'fan_message');
  const [reply] = await tx
    .select({ senderType: chatMessages.senderType, fanText: fanMessage.text })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .leftJoin(fanMessage, eq(fanMessage.id, chatMessages.replyToMessageId))
    .where(and(eq(chatMessages.id, input.messageId), eq(chats.id, input.chatId), eq(chats.talentId, input.talentId)))
    .limit(1);
  if (!reply) throw new DomainError('NOT_FOUND', 'Message not found');
  if (reply.senderType !== 'TALENT' || reply.fanText === null) {
    throw new DomainError('INVALID', "Only the twin's answer to a fan's message can be rewritten.");
  }
  const kept = await keepCorrection(tx, {
    talentId: input.talentId,
    replyMessageId: input.messageId,
    source: 'REWRITE',
    fanText: reply.fanText,
    answerText: input.text,
  });
  if (!kept) throw new DomainError('INVALID', "The fan's message has no text to learn from.");
  return { correctionId: kept.id, text: input.text };
}

/** The model's newest training version started before the correction was kept (or it has none yet). */
const lastTrained = sql`(select max(${modelVersions.createdAt}) from ${modelVersions} where ${modelVersions.modelId} = ${talentCorrections.modelId})`;
export const correctionWaits = sql<boolean>`${talentCorrections.modelId} is not null and (${lastTrained} is null or ${talentCorrections.updatedAt} > ${lastTrained})`;

/** `talent.corrections.summary`: corrections kept, those newer than the model's last training, drafts waiting. */
export async function correctionsSummary(db: Executor, viewer: Viewer, talentId: string): Promise<CorrectionsSummary> {
  if (!managesTalent(viewer, talentId)) throw new DomainError('FORBIDDEN', 'You do not manage this talent.');
  const [[corrections], [drafts]] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        waiting: sql<number>`count(*) filter (where ${correctionWaits})::int`,
      })
      .from(talentCorrections)
      .where(eq(talentCorrections.talentId, talentId)),
    db
      .select({ pending: sql<number>`count(*)::int` })
      .from(replyDrafts)
      .where(and(eq(replyDrafts.talentId, talentId), eq(replyDrafts.status, 'PENDING'))),
  ]);
  return { total: corrections?.total ?? 0, waiting: corrections?.waiting ?? 0, pendingDrafts: drafts?.pending ?? 0 };
}
