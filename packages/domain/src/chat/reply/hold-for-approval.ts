// Approval mode's side of the reply job: the composed reply is kept as a draft for the creator
// (talent/reply-approval) instead of being sent. The fan's chat shows the twin typing meanwhile.
import {
  chats,
  type Database,
  type HeldChatPrompt,
  recordChanges,
  replyDraftFanMessageUniqueIndex,
  replyDrafts,
  type Transaction,
  violatedUniqueConstraint,
} from '@doppel/db';
import { and, eq, isNull } from 'drizzle-orm';
import { mayTellAboutFan } from '../memory/worth-remembering.ts';
import { chatChanged } from '../scopes.ts';
import type { ComposedReply } from './attachments.ts';
import type { ReplyContext } from './load.ts';
import { SafetyReplyMeanwhile, safetyReplyMeanwhile, TakenOverMeanwhile } from './store-reply.ts';

/** The change event of a held or decided draft: the creator's inbox and admins. */
export function draftChanged(talentId: string, draftId: string) {
  return { entity: 'reply_drafts', rowId: draftId, scopes: [`talent:${talentId}`, 'admin'] };
}

/**
 * Stores the draft (its id is the message id it will be sent as), in one transaction with the
 * fan's memory job and the job that notifies the creator's devices. 'held' once; 'already held'
 * when another run drafted the message first; 'taken over' when the creator took the chat over
 * while the model wrote.
 */
export async function holdForApproval(
  deps: {
    db: Database;
    enqueueRemember?: (tx: Transaction, job: { chatId: string; messageId: string }) => Promise<void>;
    enqueueHeldReplyPush?: (tx: Transaction, job: { draftId: string }) => Promise<void>;
  },
  context: ReplyContext,
  prompt: HeldChatPrompt,
  reply: ComposedReply,
  draftId: string,
): Promise<'held' | 'already held' | 'taken over' | 'stood down'> {
  const { chat } = context;
  try {
    await deps.db.transaction(async (tx) => {
      // The chat row first, as when a reply is stored: a takeover committed meanwhile wins.
      const [updated, safetyCame] = await Promise.all([
        tx
          .update(chats)
          .set({ updatedAt: new Date() })
          .where(and(eq(chats.id, chat.id), isNull(chats.takenOverAt)))
          .returning({ id: chats.id }),
        safetyReplyMeanwhile(tx, chat.id, context.message.id),
        tx.insert(replyDrafts).values({
          id: draftId,
          chatId: chat.id,
          talentId: chat.talentId,
          fanMessageId: context.message.id,
          text: reply.text,
          attachments: reply.attachments,
          prompt,
        }),
        recordChanges(tx, [draftChanged(chat.talentId, draftId), chatChanged(chat)]),
        mayTellAboutFan(context.message.text)
          ? deps.enqueueRemember?.(tx, { chatId: chat.id, messageId: context.message.id })
          : undefined,
        // The creator's devices are told only once the draft exists, and always when it does.
        deps.enqueueHeldReplyPush?.(tx, { draftId }),
      ]);
      if (updated.length === 0) throw new TakenOverMeanwhile();
      if (safetyCame) throw new SafetyReplyMeanwhile();
    });
    return 'held';
  } catch (error) {
    if (error instanceof TakenOverMeanwhile) return 'taken over';
    if (error instanceof SafetyReplyMeanwhile) return 'stood down';
    if (violatedUniqueConstraint(error) === replyDraftFanMessageUniqueIndex) return 'already held';
    throw error;
  }
}
