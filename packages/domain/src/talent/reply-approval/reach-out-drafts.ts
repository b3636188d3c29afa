// A reach-out held for the creator's approval (docs/reach-out.md#approval): the twin's unasked
// message waits in Replies to approve like a reply. Approving sends it as that occasion's message,
// once; rejecting or the hold limit's drop marks the occasion SKIPPED, so no later run sends it.
// The fan paid nothing, so nothing is refunded. The fan may have changed meanwhile: one who turned
// reach-outs off, is in a crisis or is a minor the twin may not write to gets nothing, and neither
// does one who wrote again since a check-in was held (the check-in is moot).
import { reachOuts, recordChanges, type Transaction } from '@doppel/db';
import type { ContentLevel, ReplyDraftDecision } from '@doppel/validation';
import { eq, sql } from 'drizzle-orm';
import { draftChanged } from '../../chat/reply/hold-for-approval.ts';
import { fanRefusesReachOut } from '../../reach-out/rules.ts';
import { type Decision, type DraftSending, decide, type LockedDraft, storeDraftMessage } from './decision.ts';

type ReachOutDraft = LockedDraft & { reachOut: NonNullable<LockedDraft['reachOut']> };

/** The per-trigger counts on the creator's Reach out page and the admin's tab. */
function countsChanged(talentId: string, reachOutId: string) {
  return { entity: 'reach_outs', rowId: reachOutId, scopes: [`talent:${talentId}`, 'admin'] };
}

/** Why this occasion should no longer go out, read under the chat's lock; null when it may. */
async function noLongerWanted(tx: Transaction, draft: ReachOutDraft, now: Date): Promise<string | null> {
  const [state] = await tx.execute<{
    off_at: string | null;
    paused_until: string | null;
    minor_at: string | null;
    content_level: ContentLevel | null;
    crisis_at: string | null;
    wrote_since: boolean;
  }>(sql`
    select c.reach_outs_off_at as off_at, c.persona_paused_until as paused_until, u.declared_minor_at as minor_at,
      tc.content_level,
      (select max(created_at) from crisis_referrals cr where cr.chat_id = c.id) as crisis_at,
      exists (select 1 from chat_messages m where m.chat_id = c.id and m.sender_type = 'USER'
        and m.created_at > ${draft.createdAt.toISOString()}::timestamptz) as wrote_since
    from chats c join users u on u.id = c.user_id left join talent_configs tc on tc.id = c.talent_id
    where c.id = ${draft.chat.id}`);
  if (!state) return 'GONE';
  const date = (value: string | null) => (value ? new Date(value) : null);
  const refused = fanRefusesReachOut(
    {
      reachOutsOffAt: date(state.off_at),
      personaPausedUntil: date(state.paused_until),
      declaredMinorAt: date(state.minor_at),
      lastCrisisReferralAt: date(state.crisis_at),
    },
    { contentLevel: state.content_level ?? 'SAFE' },
    now,
  );
  if (refused) return refused;
  if (draft.reachOut.kind === 'CHECK_IN' && state.wrote_since) return 'FAN_WROTE';
  return null;
}

/** Marks the occasion not sent, and the draft decided; no message. */
async function skip(tx: Transaction, draft: ReachOutDraft, decision: Decision, reason: string): Promise<ReplyDraftDecision> {
  await Promise.all([
    tx.update(reachOuts).set({ status: 'SKIPPED', skipReason: reason }).where(eq(reachOuts.id, draft.reachOut.id)),
    decide(tx, draft.id, decision),
    recordChanges(tx, [draftChanged(draft.chat.talentId, draft.id), countsChanged(draft.chat.talentId, draft.reachOut.id)]),
  ]);
  return { status: decision.status, messageId: null, corrected: false };
}

/**
 * Sends the held reach-out as the occasion's message (its id is the draft's), or, when the fan no
 * longer wants it, sends nothing and answers SUPERSEDED. Its chat is locked (lockPendingDraft).
 */
export async function sendReachOutDraft(tx: Transaction, draft: ReachOutDraft, send: DraftSending): Promise<ReplyDraftDecision> {
  const now = new Date();
  const moot = await noLongerWanted(tx, draft, now);
  if (moot) return skip(tx, draft, { status: 'SUPERSEDED', decidedByUserId: send.decidedByUserId }, moot);
  await storeDraftMessage(
    tx,
    draft,
    send,
    now,
    { reachOutId: draft.reachOut.id },
    {
      writes: [
        tx.update(reachOuts).set({ status: 'SENT', messageId: draft.id, sentAt: now }).where(eq(reachOuts.id, draft.reachOut.id)),
      ],
      events: [countsChanged(draft.chat.talentId, draft.reachOut.id)],
    },
  );
  return { status: send.status, messageId: draft.id, corrected: false };
}

/** Rejected, or dropped by the hold limit: the occasion is not sent, now or later. */
export function dropReachOutDraft(tx: Transaction, draft: ReachOutDraft, decision: Decision): Promise<ReplyDraftDecision> {
  return skip(tx, draft, decision, decision.status === 'REJECTED' ? 'REJECTED' : 'EXPIRED');
}

export function isReachOutDraft(draft: LockedDraft): draft is ReachOutDraft {
  return draft.reachOut !== null;
}
