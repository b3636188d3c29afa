import type { ChangeEvent } from '@doppel/db';

/**
 * A payout changed: its creator's screens (`talent:{id}`, the payout list and the disbursable
 * amount) and the admin views refetch.
 */
export function payoutChanged(talentId: string, payoutId: string): ChangeEvent[] {
  const scopes = [`talent:${talentId}`, 'admin'];
  return [
    { entity: 'payouts', rowId: payoutId, scopes },
    { entity: 'talent_configs', rowId: talentId, scopes },
  ];
}
