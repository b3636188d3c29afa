import { type EarningBreakdown, formatMicroUsdCents } from '@doppel/validation';
import { describe, expect, it } from 'vitest';
import {
  belowMinimumText,
  breakdownRows,
  canWithdraw,
  chosenDetails,
  compactMicroUsd,
  daysInMonth,
  monthChartRows,
  monthLabel,
  withdrawValues,
} from './earnings-format.ts';

describe('money on the earnings screen', () => {
  it('shows micro-USD as dollars and cents', () => {
    expect(formatMicroUsdCents(12_340_000)).toBe('$12.34');
    expect(formatMicroUsdCents(1_234_560_000)).toBe('$1,234.56');
    expect(formatMicroUsdCents(0)).toBe('$0.00');
  });

  it('drops fractions of a cent instead of rounding them up', () => {
    expect(formatMicroUsdCents(12_349_999)).toBe('$12.34');
    expect(formatMicroUsdCents(3_000)).toBe('$0.00');
  });

  it('floors an amount taken back as the server does: a part of a cent counts as a whole one', () => {
    expect(formatMicroUsdCents(-600_000)).toBe('-$0.60');
    expect(formatMicroUsdCents(-600_999)).toBe('-$0.61');
    expect(formatMicroUsdCents(-3_000)).toBe('-$0.01');
  });

  it('refuses a number that is not an exact integer', () => {
    expect(() => formatMicroUsdCents(1.5)).toThrow(RangeError);
  });

  it('rounds axis ticks for reading', () => {
    expect(compactMicroUsd(1_234_000_000)).toBe('$1.23K');
    expect(compactMicroUsd(500_000)).toBe('$0.5');
  });
});

describe('months', () => {
  it('names a yyyy-MM month in words', () => {
    expect(monthLabel('2026-11')).toBe('November 2026');
    expect(monthLabel('2027-01')).toBe('January 2027');
  });

  it('knows how long each month is', () => {
    expect(daysInMonth('2026-11')).toBe(30);
    expect(daysInMonth('2026-12')).toBe(31);
    expect(daysInMonth('2028-02')).toBe(29);
    expect(daysInMonth('2027-02')).toBe(28);
  });

  it('refuses a malformed month id', () => {
    expect(() => monthLabel('2026-13')).toThrow(RangeError);
    expect(() => daysInMonth('November')).toThrow(RangeError);
  });

  it('charts every day of the month, with 0 on days without earnings', () => {
    const day = (id: string, gross: number, net: number) => ({
      id,
      startedAt: `${id}T00:00:00.000Z`,
      grossMicroUsd: gross,
      netMicroUsd: net,
    });
    const later = new Date('2027-01-05T12:00:00Z');
    const rows = monthChartRows('2026-11', [day('2026-11-02', 1_000_000, 600_000), day('2026-11-30', 500_000, 300_000)], later);
    expect(rows).toHaveLength(30);
    expect(rows[0]).toEqual({ day: 1, gross: 0, net: 0 });
    expect(rows[1]).toEqual({ day: 2, gross: 1_000_000, net: 600_000 });
    expect(rows[29]).toEqual({ day: 30, gross: 500_000, net: 300_000 });
    expect(rows.reduce((sum, row) => sum + row.net, 0)).toBe(900_000);
  });

  it('stops the current month at today', () => {
    const rows = monthChartRows('2026-11', [], new Date('2026-11-23T08:00:00Z'));
    expect(rows.map((row) => row.day).at(-1)).toBe(23);
  });

  it('ignores a day that belongs to another month', () => {
    const rows = monthChartRows('2026-11', [
      { id: '2026-10-31', startedAt: '2026-10-31T00:00:00.000Z', grossMicroUsd: 9, netMicroUsd: 9 },
    ]);
    expect(rows.every((row) => row.gross === 0 && row.net === 0)).toBe(true);
  });
});

describe('breakdownRows', () => {
  const amounts = (gross: number, net: number) => ({ grossMicroUsd: gross, netMicroUsd: net });
  const breakdown = (reversal = amounts(0, 0)): EarningBreakdown => ({
    sendMessage: amounts(1_000_000, 600_000),
    unlockImage: amounts(2_000_000, 1_200_000),
    unlockAudio: amounts(0, 0),
    subscription: amounts(5_000_000, 3_000_000),
    referral: amounts(0, 30_000),
    reversal,
  });

  it('lists messages, subscriptions, images, voice and referrals in that order', () => {
    const rows = breakdownRows(breakdown());
    expect(rows.map((row) => row.label)).toEqual(['Messages', 'Subscriptions', 'Images', 'Voice', 'Referrals']);
    expect(rows[1]).toEqual({ source: 'subscription', label: 'Subscriptions', grossMicroUsd: 5_000_000, netMicroUsd: 3_000_000 });
  });

  it('adds refunds and disputes, as money taken back, only when there were any', () => {
    const rows = breakdownRows(breakdown(amounts(1_000_000, 600_000)));
    expect(rows.at(-1)).toEqual({
      source: 'reversal',
      label: 'Refunds and disputes',
      grossMicroUsd: -1_000_000,
      netMicroUsd: -600_000,
    });
  });
});

describe('withdrawal', () => {
  it('allows a payout from the minimum on', () => {
    expect(canWithdraw(2_000, 2_000)).toBe(true);
    expect(canWithdraw(1_999, 2_000)).toBe(false);
    expect(belowMinimumText(2_500, 2_000)).toBeNull();
  });

  it('says why a payout cannot be requested below the minimum', () => {
    expect(belowMinimumText(1_234, 2_000)).toBe('Payouts start at $20.00; you can withdraw $12.34 now.');
    expect(belowMinimumText(0, 2_000)).toBe('Payouts start at $20.00; you can withdraw $0.00 now.');
  });

  it('prefills the details used last time', () => {
    expect(
      withdrawValues({
        transferType: 'PAYPAL',
        accountHolderName: null,
        iban: null,
        bic: null,
        payPalEmail: 'ana@example.com',
        taxId: 'DE123',
      }),
    ).toEqual({
      transferType: 'PAYPAL',
      accountHolderName: '',
      iban: '',
      bic: '',
      payPalEmail: 'ana@example.com',
      taxId: 'DE123',
    });
  });

  it('starts a first request as an empty bank transfer', () => {
    expect(withdrawValues(null)).toEqual({
      transferType: 'BANK_TRANSFER',
      accountHolderName: '',
      iban: '',
      bic: '',
      payPalEmail: '',
      taxId: '',
    });
  });

  it("keeps only the chosen transfer type's fields", () => {
    const typed = {
      transferType: 'PAYPAL' as const,
      accountHolderName: 'Ana',
      iban: 'DE89 3704',
      bic: 'DEUTDEFF',
      payPalEmail: 'ana@example.com',
      taxId: 'T1',
    };
    expect(chosenDetails(typed)).toEqual({ ...typed, accountHolderName: '', iban: '', bic: '' });
    expect(chosenDetails({ ...typed, transferType: 'BANK_TRANSFER' })).toEqual({
      ...typed,
      transferType: 'BANK_TRANSFER',
      payPalEmail: '',
    });
  });
});
