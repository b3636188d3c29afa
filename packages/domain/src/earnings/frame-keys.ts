/** The DAY, MONTH and TOTAL frames an earning at `at` falls into (UTC), with their bounds. */
export type FrameSlot = {
  range: 'DAY' | 'MONTH' | 'TOTAL';
  key: string;
  parentKey: string | null;
  startedAt: Date;
  endedAt: Date | null;
};

const pad = (value: number) => String(value).padStart(2, '0');

/** Day keys are yyyy-MM-dd, month keys yyyy-MM, the total is `total` (docs/product-rules.md#records). */
export function frameSlots(at: Date): FrameSlot[] {
  const year = at.getUTCFullYear();
  const month = at.getUTCMonth();
  const day = at.getUTCDate();
  const monthKey = `${year}-${pad(month + 1)}`;
  return [
    {
      range: 'DAY',
      key: `${monthKey}-${pad(day)}`,
      parentKey: monthKey,
      startedAt: new Date(Date.UTC(year, month, day)),
      endedAt: new Date(Date.UTC(year, month, day + 1)),
    },
    {
      range: 'MONTH',
      key: monthKey,
      parentKey: 'total',
      startedAt: new Date(Date.UTC(year, month, 1)),
      endedAt: new Date(Date.UTC(year, month + 1, 1)),
    },
    { range: 'TOTAL', key: 'total', parentKey: null, startedAt: new Date(Date.UTC(2020, 0, 1)), endedAt: null },
  ];
}
