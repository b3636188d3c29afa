// Who watches an FAQ: the admin screens, and for a talent's own FAQ that talent's managers too.
import type { ChangeEvent } from '@doppel/db';

export function faqScopes(talentId: string | null): string[] {
  return talentId ? ['admin', `talent:${talentId}`] : ['admin'];
}

/** An FAQ changed (name, items or both): the list, the detail and the talent's Faq tab refresh. */
export function faqChanged(faq: { id: string; talentId: string | null }, itemsChanged: boolean): ChangeEvent[] {
  const scopes = faqScopes(faq.talentId);
  return [{ entity: 'faqs', rowId: faq.id, scopes }, ...(itemsChanged ? [{ entity: 'faq_items', rowId: faq.id, scopes }] : [])];
}
