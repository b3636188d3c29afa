// Small display rules of the Talents screens. Pure.
import { formatCount } from '@doppel/validation';

/** The tables whose changes refresh the talents screens (live, docs/product-rules.md#admin-back-office). */
export const talentEntities = ['talents', 'talent_configs', 'static_attachments'] as const;

/** What the detail also shows: its voice and FAQ choices come from these. */
export const talentDetailEntities = [...talentEntities, 'voices', 'faqs', 'talent_managers'] as const;

/** "1 chat", "12 chats". */
export function chatsLabel(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'chat' : 'chats'}`;
}

/** A share (0 to 1) as a percentage with one decimal: 0.035 -> "3.5 %"; '' for an incomplete entry. */
export function sharePercent(share: unknown): string {
  const value = typeof share === 'string' && share.trim() !== '' ? Number(share) : share;
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  // Tenths of a percent are whole numbers of 0.001 steps, so rounding here is display-only.
  return `${(Math.round(value * 1000) / 10).toLocaleString('en-US', { maximumFractionDigits: 1 })} %`;
}

/** Where the detail's "Storage" link leads: the Settings tab's gallery, the twin's stored images. */
export const storageAnchor = 'storage';
