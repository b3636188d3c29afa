// How the Reactions screens word things, and the list's filter in the address (?filter=…). Pure.
import { type AdminReactionFilter, adminReactionFilters, defaultAdminReactionFilter, type Reaction } from '@doppel/validation';
import type { ListParamsSpec } from '../../../kit/list-params.ts';

/** The filter choices as the screen names them, thumbs down first (docs/product-rules.md#admin-back-office). */
export const reactionFilterLabels: Record<AdminReactionFilter, string> = {
  THUMBS_DOWN: 'Thumbs down',
  THUMBS_UP: 'Thumbs up',
  all: 'All',
};

/** The list's address parameter: thumbs down unless the address says otherwise. */
export const reactionListParams = {
  filter: { options: adminReactionFilters, default: defaultAdminReactionFilter },
} as const satisfies ListParamsSpec;

export const reactionEmoji: Record<Reaction, string> = { THUMBS_DOWN: '👎', THUMBS_UP: '👍' };
export const reactionLabels: Record<Reaction, string> = { THUMBS_DOWN: 'Thumbs down', THUMBS_UP: 'Thumbs up' };

/** Tables whose changes the Reactions screens show: a fan rates, re-rates or clears a message. */
export const reactionEntities = ['chat_messages'] as const;

/** The detail page of a rated message. */
export function reactionPath(chatId: string, messageId: string): string {
  return `/reactions/${encodeURIComponent(chatId)}/${encodeURIComponent(messageId)}`;
}
