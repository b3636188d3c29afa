import { describe, expect, it } from 'vitest';
import { adminPayoutUpdateInput, payoutNeedsReason } from './payouts.ts';

describe('admin payout update', () => {
  it('asks for a reason only when rejecting or failing', () => {
    expect(payoutNeedsReason('REJECTED')).toBe(true);
    expect(payoutNeedsReason('FAILED')).toBe(true);
    expect(payoutNeedsReason('PENDING')).toBe(false);
    expect(payoutNeedsReason('EXECUTED')).toBe(false);
  });

  it('refuses a rejection or failure without a reason, on the reason field', () => {
    for (const status of ['REJECTED', 'FAILED'] as const) {
      const parsed = adminPayoutUpdateInput.safeParse({ payoutId: 'p1', status, rejectionReason: '   ' });
      expect(parsed.success, status).toBe(false);
      expect(parsed.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['rejectionReason', 'Give the reason the creator will read'],
      ]);
    }
    expect(adminPayoutUpdateInput.safeParse({ payoutId: 'p1', status: 'REJECTED', rejectionReason: 'IBAN closed' }).success).toBe(
      true,
    );
    expect(adminPayoutUpdateInput.safeParse({ payoutId: 'p1', status: 'EXECUTED' }).success).toBe(true);
  });
});
