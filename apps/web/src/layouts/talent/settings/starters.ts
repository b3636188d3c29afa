import { type ConversationStartersSettings, startersAnsweredByAi } from '@doppel/validation';

export type StarterRow = { id?: string; text: string; answer: string };

/** "Answered by AI" starts on when no starter has a static answer (docs/product-rules.md#conversation-starters). */
export const answeredByAiDefault = (starters: ReadonlyArray<{ answer?: string | null }>): boolean =>
  startersAnsweredByAi(starters);

/**
 * The starters as `talent.update` takes them: with "Answered by AI" on, answers are not sent (the
 * twin answers); with it off, each question's static answer is sent (an empty one as none).
 */
export function startersForSave(
  rows: readonly StarterRow[],
  answeredByAi: boolean,
): ConversationStartersSettings['chatMessageSuggestions'] {
  return rows.map((row) => ({
    ...(row.id ? { id: row.id } : {}),
    text: row.text.trim(),
    answer: answeredByAi ? null : row.answer.trim() || null,
  }));
}
