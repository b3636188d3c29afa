import type { ChangeEvent } from '@doppel/db';
import { balanceChanged, talentNumbersChanged } from '../chat/scopes.ts';

/** A payment or its ledger changed: the admin's Payments screens and the fan's own screens. */
export function paymentChanges(input: {
  paymentId: string;
  userId: string | null;
  earningTalentIds?: readonly (string | null)[];
}): ChangeEvent[] {
  const events: ChangeEvent[] = [{ entity: 'payments', rowId: input.paymentId, scopes: ['admin'] }];
  // The fan's balance, subscription and purchase history live under `user:{id}` as a `users` change,
  // which the messenger already refreshes on.
  if (input.userId) events.push(balanceChanged(input.userId));
  for (const talentId of new Set(input.earningTalentIds ?? [])) {
    if (talentId) events.push(talentNumbersChanged('earning_frames', talentId));
  }
  return events;
}
