import { describe, expect, it } from 'vitest';
import { adminTalentAnalyticsInput, adminTalentTabInput, adminTalentTabListInput } from './talent-tabs.ts';

const messagesOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('talent tab payloads', () => {
  it('needs a talent id, trimmed', () => {
    expect(messagesOf(adminTalentTabInput.safeParse({ talentId: '  ' }))).toEqual(['Talent ID is not defined']);
    expect(adminTalentTabInput.parse({ talentId: ' t1 ' })).toEqual({ talentId: 't1' });
    expect(adminTalentTabListInput.parse({ talentId: 't1' })).toEqual({ talentId: 't1' });
    expect(adminTalentTabListInput.parse({ talentId: 't1', cursor: 'abc' })).toEqual({ talentId: 't1', cursor: 'abc' });
  });

  it('offers the analytics periods 7, 30 and 90 days, 30 by default', () => {
    expect(adminTalentAnalyticsInput.parse({ talentId: 't1' })).toEqual({ talentId: 't1', days: 30 });
    expect(adminTalentAnalyticsInput.parse({ talentId: 't1', days: 7 }).days).toBe(7);
    expect(adminTalentAnalyticsInput.parse({ talentId: 't1', days: 90 }).days).toBe(90);
    for (const days of [0, 14, 365, '30', 30.5]) {
      expect(messagesOf(adminTalentAnalyticsInput.safeParse({ talentId: 't1', days }))).toEqual(['Choose 7, 30 or 90 days']);
    }
  });
});
