import type { CorrectionsSummary, ReplyDraftDecision, ReplyDraftView, ReplyExpiryAction } from '@doppel/validation';
import { formatDateTime } from '../../../components/format-date.ts';

const minuteMs = 60_000;
const pad = (value: number) => String(value).padStart(2, '0');

/** How long a held reply has waited: "Waiting 5 min", "Waiting 2 h 10 min", under a minute at first. */
export function waitingLabel(createdAt: string, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - new Date(createdAt).getTime()) / minuteMs));
  if (minutes < 1) return 'Waiting under a minute';
  if (minutes < 60) return `Waiting ${minutes} min`;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  return rest === 0 ? `Waiting ${hours} h` : `Waiting ${hours} h ${rest} min`;
}

/**
 * What the hold limit will do and when, in the future tense so it never reads as done: "sends as
 * drafted at 14:35 unless you act" today, "is dropped on 11/3/2025 at 09:00 unless you act" another
 * day (a 24-hour hold), "being sent as drafted" once the moment has passed (the sweep runs shortly after).
 */
export function expiryLabel(expiresAt: string, action: ReplyExpiryAction, now: Date): string {
  const at = new Date(expiresAt);
  if (at.getTime() <= now.getTime()) return action === 'SEND' ? 'being sent as drafted' : 'being dropped';
  const what = action === 'SEND' ? 'sends as drafted' : 'is dropped';
  const sameDay = at.toDateString() === now.toDateString();
  const when = sameDay ? `at ${pad(at.getHours())}:${pad(at.getMinutes())}` : `on ${formatDateTime(at)}`;
  return `${what} ${when} unless you act`;
}

/** The card's timing line: "Waiting 5 min · sends as drafted at 14:35 unless you act". */
export function draftTimingLabel(draft: Pick<ReplyDraftView, 'createdAt' | 'expiresAt' | 'expiryAction'>, now: Date): string {
  return `${waitingLabel(draft.createdAt, now)} · ${expiryLabel(draft.expiresAt, draft.expiryAction, now)}`;
}

/** What goes out with the reply besides its text, or null for text only. */
export function attachmentNote(types: readonly ('IMAGE' | 'AUDIO')[]): string | null {
  const image = types.includes('IMAGE');
  const voice = types.includes('AUDIO');
  if (image && voice) return 'with an image and a voice note';
  if (image) return 'with an image';
  if (voice) return 'with a voice note';
  return null;
}

/** The creator changed the draft (spaces at the ends do not count: the server trims them too). */
export function isEditedDraft(draftText: string, text: string): boolean {
  return draftText.trim() !== text.trim();
}

/** "2 corrections waiting for the twin’s next training · 5 kept". */
export function correctionsSummaryLabel(summary: Pick<CorrectionsSummary, 'waiting' | 'total'>): string {
  const corrections = summary.waiting === 1 ? 'correction' : 'corrections';
  return `${summary.waiting} ${corrections} waiting for the twin’s next training · ${summary.total} kept`;
}

/** The notification after approving or rejecting a draft (a held reply, or a reach-out when `reachOut`). */
export function decisionMessage(decision: Pick<ReplyDraftDecision, 'status' | 'corrected'>, reachOut = false): string {
  if (reachOut) {
    if (decision.status === 'REJECTED') return 'Message rejected; the fan will not get it';
    // The fan turned reach-outs off, is in a crisis, or wrote again since a check-in was held.
    if (decision.status === 'SUPERSEDED') return 'Not sent: it no longer fits this fan';
    return 'Message sent';
  }
  if (decision.status === 'REJECTED') return 'Reply rejected; the fan got their credits back';
  // The fan's message was answered meanwhile (a message written in a takeover): nothing was sent.
  if (decision.status === 'SUPERSEDED') return 'Not sent: the fan’s message was already answered';
  return decision.corrected ? 'Edited reply sent — kept as a correction' : 'Reply sent';
}
