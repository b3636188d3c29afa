import { useState } from 'react';
import { useLive } from '../../live/use-live.ts';
import { nextReplyDraft, type ReplyDraftView } from './reply-draft.ts';

/**
 * The twin's reply while it is being written, from the tab's one live stream (the chat's scope,
 * which the messages already watch, so no second stream opens). Null until the first words.
 */
export function useReplyStream(chatId: string): ReplyDraftView | null {
  const [draft, setDraft] = useState<ReplyDraftView | null>(null);
  useLive(
    [`chat:${chatId}`],
    (event) => {
      const incoming = event.data.draft;
      if (!incoming) return;
      setDraft((current) => nextReplyDraft(current, { replyTo: event.data.rowId, ...incoming }));
    },
    { drafts: true },
  );
  return draft;
}
