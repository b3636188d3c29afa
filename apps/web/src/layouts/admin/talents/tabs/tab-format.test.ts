import { describe, expect, it } from 'vitest';
import { analyticsChartRows, chartDayLabel, compactUsdFromMicro, hasActivity, plural } from './tab-format.ts';

describe('labels', () => {
  it('words counts, progress and days', () => {
    expect(plural(1, 'version')).toBe('1 version');
    expect(plural(1200, 'training example')).toBe('1,200 training examples');
    expect(chartDayLabel('2024-03-07')).toBe('07/3');
  });
});

describe('analytics', () => {
  it('counts a period with messages, a new chat or revenue as active', () => {
    expect(hasActivity({ messages: 0, newChats: 0, grossMicroUsd: 0 })).toBe(false);
    expect(hasActivity({ messages: 1, newChats: 0, grossMicroUsd: 0 })).toBe(true);
    expect(hasActivity({ messages: 0, newChats: 1, grossMicroUsd: 0 })).toBe(true);
    expect(hasActivity({ messages: 0, newChats: 0, grossMicroUsd: 3_000 })).toBe(true);
  });

  it('splits a day’s messages into the fans’ and the twin’s and keeps money in micro-USD', () => {
    const day = {
      day: '2024-03-07',
      messages: 6,
      fanMessages: 3,
      fans: 2,
      payingFans: 1,
      grossMicroUsd: 1_234_567,
      netMicroUsd: 740_740,
    };
    expect(analyticsChartRows([day])).toEqual([
      {
        label: '07/3',
        day: '2024-03-07',
        fanMessages: 3,
        twinMessages: 3,
        fans: 2,
        payingFans: 1,
        gross: 1_234_567,
        net: 740_740,
      },
    ]);
  });

  it('rounds only the revenue axis ticks', () => {
    expect(compactUsdFromMicro(0)).toBe('$0');
    expect(compactUsdFromMicro(1_500_000)).toBe('$1.5');
    expect(compactUsdFromMicro(2_500_000_000)).toBe('$2.5K');
  });
});
