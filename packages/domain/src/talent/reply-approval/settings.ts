// Approval mode's settings: the twin's (talent.replyApproval.*) and one fan's chat
// (talent.conversations.setReplyApproval), each only for a talent the viewer manages.
import { chats, type Executor, recordChanges, type Transaction, talentConfigs } from '@doppel/db';
import { type ChatReplyApprovalMode, defaultReplyHoldMinutes, type ReplyApprovalSettings } from '@doppel/validation';
import { and, eq } from 'drizzle-orm';
import { managesTalent, type Viewer } from '../../access/scopes.ts';
import { chatNotFound } from '../../chat/access.ts';
import { holdsReplies } from '../../chat/reply/approval-mode.ts';
import { chatChanged } from '../../chat/scopes.ts';
import { DomainError } from '../../errors.ts';

function assertManages(viewer: Viewer, talentId: string): void {
  if (!managesTalent(viewer, talentId)) throw new DomainError('FORBIDDEN', 'You do not manage this talent.');
}

export async function getReplyApprovalSettings(db: Executor, viewer: Viewer, talentId: string): Promise<ReplyApprovalSettings> {
  assertManages(viewer, talentId);
  const [row] = await db
    .select({
      enabled: talentConfigs.replyApproval,
      holdMinutes: talentConfigs.replyHoldMinutes,
      expiryAction: talentConfigs.replyExpiryAction,
    })
    .from(talentConfigs)
    .where(eq(talentConfigs.id, talentId));
  return row ?? { enabled: false, holdMinutes: defaultReplyHoldMinutes, expiryAction: 'SEND' };
}

/** Turning approval off holds no new reply; drafts already held stay in the inbox until decided or expired. */
export async function updateReplyApprovalSettings(
  tx: Transaction,
  viewer: Viewer,
  talentId: string,
  settings: ReplyApprovalSettings,
): Promise<ReplyApprovalSettings> {
  assertManages(viewer, talentId);
  const values = {
    replyApproval: settings.enabled,
    replyHoldMinutes: settings.holdMinutes,
    replyExpiryAction: settings.expiryAction,
  };
  await tx
    .insert(talentConfigs)
    .values({ id: talentId, ...values })
    .onConflictDoUpdate({ target: talentConfigs.id, set: { ...values, updatedAt: new Date() } });
  await recordChanges(tx, [{ entity: 'talent_configs', rowId: talentId, scopes: [`talent:${talentId}`, 'admin'] }]);
  return settings;
}

export async function setChatReplyApproval(
  tx: Transaction,
  viewer: Viewer,
  input: { talentId: string; chatId: string; mode: ChatReplyApprovalMode },
): Promise<{ mode: ChatReplyApprovalMode; holdsReplies: boolean }> {
  assertManages(viewer, input.talentId);
  const [chat] = await tx
    .update(chats)
    .set({ replyApproval: input.mode })
    .where(and(eq(chats.id, input.chatId), eq(chats.talentId, input.talentId)))
    .returning({ id: chats.id, userId: chats.userId, talentId: chats.talentId });
  if (!chat) throw chatNotFound();
  const [[twin]] = await Promise.all([
    tx.select({ holds: talentConfigs.replyApproval }).from(talentConfigs).where(eq(talentConfigs.id, input.talentId)),
    recordChanges(tx, [chatChanged(chat)]),
  ]);
  return { mode: input.mode, holdsReplies: holdsReplies(input.mode, twin?.holds ?? false) };
}
