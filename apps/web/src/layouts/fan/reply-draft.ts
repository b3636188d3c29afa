// Which draft of the twin's reply to show. Drafts come over the live stream while the model writes;
// within one stream a later seq wins (an older one arriving late is dropped), and a new stream for
// the same fan message (the job retried after a crash) replaces the dead one from its seq 0.

export type ReplyDraftView = { replyTo: string; stream: string; seq: number; text: string };

export function nextReplyDraft(current: ReplyDraftView | null, incoming: ReplyDraftView): ReplyDraftView | null {
  if (current && current.replyTo === incoming.replyTo && current.stream === incoming.stream && current.seq >= incoming.seq) {
    return current;
  }
  return incoming;
}

/**
 * The draft to show under the conversation: only while the newest message is the fan message it
 * answers. Once the stored reply is in the list the draft is gone in that same render, so the
 * bubble is replaced, never doubled, and a draft arriving after the reply is ignored.
 */
export function visibleReplyDraft(
  draft: ReplyDraftView | null,
  newest: { id: string; senderType: string } | undefined,
): ReplyDraftView | null {
  if (!draft || !newest || newest.senderType !== 'USER' || newest.id !== draft.replyTo) return null;
  return draft.text.trim() === '' ? null : draft;
}
