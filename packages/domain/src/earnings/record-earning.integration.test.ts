import { earningFrames, newId, talentConfigs, talents } from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { frameSlots } from './frame-keys.ts';
import { bookEarningReversal, recordPaidSpend } from './record-earning.ts';

let database: TestDatabase;
let talentId: string;
let referrerId: string;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  const [referrer, talent] = await database.db
    .insert(talents)
    .values([
      { name: 'Referrer', tag: 'referrer' },
      { name: 'Talent', tag: 'talent' },
    ])
    .returning();
  if (!referrer || !talent) throw new Error('seed failed');
  referrerId = referrer.id;
  talentId = talent.id;
  await database.db.insert(talentConfigs).values([{ id: referrerId }, { id: talentId, referralTalentId: referrerId }]);
});
afterAll(() => database.drop());

async function frame(id: string, range: 'DAY' | 'MONTH' | 'TOTAL', key: string) {
  const [row] = await database.db
    .select()
    .from(earningFrames)
    .where(and(eq(earningFrames.talentId, id), eq(earningFrames.range, range), eq(earningFrames.key, key)));
  return row;
}

describe('recording earnings', () => {
  it('books gross, 60 % net and the referrer 3 % exactly, under 40 concurrent spends', async () => {
    const at = new Date('2026-11-22T10:00:00Z');
    const spends = Array.from({ length: 40 }, (_, i) => (i % 3) + 1);
    await Promise.all(
      spends.map((paidCredits) =>
        database.db.transaction((tx) =>
          recordPaidSpend(tx, { talentId, source: 'sendMessage', paidCredits, at, ledgerKey: `test:${newId()}` }),
        ),
      ),
    );
    const credits = spends.reduce((sum, value) => sum + value, 0);
    for (const [range, key] of [
      ['DAY', '2026-11-22'],
      ['MONTH', '2026-11'],
      ['TOTAL', 'total'],
    ] as const) {
      const row = await frame(talentId, range, key);
      expect(row, `${range} frame`).toMatchObject({
        grossTotal: credits * 100_000,
        netTotal: credits * 60_000,
        grossSendMessage: credits * 100_000,
        netSendMessage: credits * 60_000,
        grossReferral: 0,
      });
      expect(await frame(referrerId, range, key), `referrer ${range} frame`).toMatchObject({
        grossReferral: credits * 3_000,
        netReferral: credits * 3_000,
        netTotal: credits * 3_000,
        grossSendMessage: 0,
      });
    }
    expect((await frame(talentId, 'DAY', '2026-11-22'))?.parentKey).toBe('2026-11');
  });

  it('rolls days into their month and months into the total', async () => {
    await database.db.transaction(async (tx) => {
      await recordPaidSpend(tx, {
        talentId,
        source: 'unlockImage',
        paidCredits: 5,
        at: new Date('2026-12-31T23:59:59Z'),
        ledgerKey: `test:${newId()}`,
      });
      await recordPaidSpend(tx, {
        talentId,
        source: 'unlockAudio',
        paidCredits: 3,
        at: new Date('2027-01-01T00:00:00Z'),
        ledgerKey: `test:${newId()}`,
      });
    });
    expect((await frame(talentId, 'DAY', '2026-12-31'))?.grossUnlockImage).toBe(500_000);
    expect((await frame(talentId, 'MONTH', '2027-01'))?.netUnlockAudio).toBe(180_000);
    const total = await frame(talentId, 'TOTAL', 'total');
    const months = await database.db
      .select()
      .from(earningFrames)
      .where(and(eq(earningFrames.talentId, talentId), eq(earningFrames.range, 'MONTH')));
    expect(total?.grossTotal).toBe(months.reduce((sum, month) => sum + month.grossTotal, 0));
    expect(total?.netTotal).toBe(months.reduce((sum, month) => sum + month.netTotal, 0));
  });

  it('books nothing for a spend of free credits only, and nothing when the transaction rolls back', async () => {
    const before = await frame(talentId, 'TOTAL', 'total');
    const result = await database.db.transaction((tx) =>
      recordPaidSpend(tx, { talentId, source: 'sendMessage', paidCredits: 0, ledgerKey: `test:${newId()}` }),
    );
    expect(result.grossMicroUsd).toBe(0);
    await database.db
      .transaction(async (tx) => {
        await recordPaidSpend(tx, { talentId, source: 'sendMessage', paidCredits: 9, ledgerKey: `test:${newId()}` });
        throw new Error('the message insert failed');
      })
      .catch(() => {});
    expect(await frame(talentId, 'TOTAL', 'total')).toEqual(before);
  });

  it('books into the frames frameSlots names, with their bounds, at day, month and year edges (UTC)', async () => {
    const [edgeTalent] = await database.db.insert(talents).values({ name: 'Edges', tag: 'edges' }).returning();
    if (!edgeTalent) throw new Error('seed failed');
    await database.db.insert(talentConfigs).values({ id: edgeTalent.id });
    const instants = [
      '2026-03-09T23:30:00-02:00',
      '2026-02-28T23:59:59.999Z',
      '2027-01-01T00:00:00Z',
      '2028-02-29T12:00:00+13:00',
    ];
    for (const instant of instants) {
      const at = new Date(instant);
      await database.db.transaction(async (tx) => {
        // The frames are UTC whatever the session's zone (the database books them: docs/payouts.md).
        await tx.execute(sql`set local time zone 'Pacific/Chatham'`);
        await recordPaidSpend(tx, {
          talentId: edgeTalent.id,
          source: 'sendMessage',
          paidCredits: 1,
          at,
          ledgerKey: `test:${newId()}`,
        });
      });
      for (const slot of frameSlots(at)) {
        const row = await frame(edgeTalent.id, slot.range, slot.key);
        expect(row, `${instant} ${slot.range}`).toMatchObject({
          parentKey: slot.parentKey,
          startedAt: slot.startedAt,
          endedAt: slot.endedAt,
        });
        expect(row?.grossSendMessage, `${instant} ${slot.range}`).toBeGreaterThan(0);
      }
    }
    expect((await frame(edgeTalent.id, 'TOTAL', 'total'))?.grossTotal).toBe(instants.length * 100_000);
  });

  it('holds no frame row while the booking transaction is open: another spend of the twin commits meanwhile', async () => {
    let bookedFirst!: () => void;
    const firstBooked = new Promise<void>((resolve) => {
      bookedFirst = resolve;
    });
    let commitFirst!: () => void;
    const firstMayCommit = new Promise<void>((resolve) => {
      commitFirst = resolve;
    });
    const first = database.db.transaction(async (tx) => {
      await recordPaidSpend(tx, { talentId, source: 'sendMessage', paidCredits: 2, ledgerKey: `test:${newId()}` });
      bookedFirst();
      await firstMayCommit;
    });
    await firstBooked;
    const before = await frame(talentId, 'TOTAL', 'total');
    // Were the frames locked by the open transaction, this would fail after 5 s instead of hanging.
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local lock_timeout = '5s'`);
      await recordPaidSpend(tx, { talentId, source: 'sendMessage', paidCredits: 1, ledgerKey: `test:${newId()}` });
    });
    expect((await frame(talentId, 'TOTAL', 'total'))?.grossTotal).toBe((before?.grossTotal ?? 0) + 100_000);
    commitFirst();
    await first;
    expect((await frame(talentId, 'TOTAL', 'total'))?.grossTotal).toBe((before?.grossTotal ?? 0) + 300_000);
  });

  it('books a reversal into the reversal columns and its reinstatement back out, for the referrer too', async () => {
    const at = new Date('2026-05-04T08:00:00Z');
    await database.db.transaction((tx) =>
      recordPaidSpend(tx, { talentId, source: 'unlockAudio', paidCredits: 10, at, ledgerKey: `test:${newId()}` }),
    );
    const earned = await frame(talentId, 'DAY', '2026-05-04');
    const referrerEarned = await frame(referrerId, 'DAY', '2026-05-04');
    const reversal = {
      talentId,
      grossMicroUsd: 400_000,
      netMicroUsd: 240_000,
      referralMicroUsd: 12_000,
      referralTalentId: referrerId,
    };
    const key = `test:${newId()}`;
    await database.db.transaction((tx) => bookEarningReversal(tx, reversal, at, key));
    for (const range of ['DAY', 'MONTH'] as const) {
      const frameKey = range === 'DAY' ? '2026-05-04' : '2026-05';
      expect(await frame(talentId, range, frameKey), range).toMatchObject({
        grossReversal: 400_000,
        netReversal: 240_000,
        grossUnlockAudio: 1_000_000,
      });
    }
    expect(await frame(talentId, 'DAY', '2026-05-04')).toMatchObject({
      grossTotal: (earned?.grossTotal ?? 0) - 400_000,
      netTotal: (earned?.netTotal ?? 0) - 240_000,
    });
    expect(await frame(referrerId, 'DAY', '2026-05-04')).toMatchObject({
      grossReversal: 12_000,
      netTotal: (referrerEarned?.netTotal ?? 0) - 12_000,
    });
    const undo = {
      talentId,
      grossMicroUsd: -400_000,
      netMicroUsd: -240_000,
      referralMicroUsd: -12_000,
      referralTalentId: referrerId,
    };
    await database.db.transaction((tx) => bookEarningReversal(tx, undo, at, `${key}:undone`));
    expect(await frame(talentId, 'DAY', '2026-05-04')).toMatchObject({ ...earned, updatedAt: expect.any(Date) });
    expect(await frame(referrerId, 'DAY', '2026-05-04')).toMatchObject({ ...referrerEarned, updatedAt: expect.any(Date) });
  });
});
