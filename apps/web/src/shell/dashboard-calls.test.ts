import type { Me } from '@doppel/validation';
import { describe, expect, it } from 'vitest';
import { dashboardCallsFor, dashboardLayoutOf } from './dashboard-calls.ts';

const creator: Me = {
  id: 'u1',
  name: 'Mia Moreno',
  email: 'creator@doppel.dev',
  role: 'USER',
  waitlistStatus: 'ACCEPTED',
  managedTalentIds: ['t1'],
  isAnonymous: false,
};
const admin: Me = { ...creator, id: 'u2', role: 'ADMIN', email: 'admin@doppel.dev' };
const at = (pathname: string, search = '') => ({ pathname, search });

describe('dashboardLayoutOf', () => {
  it('is the access gate’s choice for creators and admins, and null for anyone else', () => {
    expect(dashboardLayoutOf(creator, '/conversations')).toBe('talent');
    // An admin opening a back-office address gets the back-office (the gate switches it on).
    expect(dashboardLayoutOf(admin, '/payments')).toBe('admin');
    expect(dashboardLayoutOf(admin, '/')).toBe('talent');
    expect(dashboardLayoutOf(null, '/conversations')).toBeNull();
    expect(dashboardLayoutOf({ ...creator, isAnonymous: true }, '/')).toBeNull();
    expect(dashboardLayoutOf({ ...creator, managedTalentIds: [] }, '/')).toBeNull();
  });
});

describe('dashboardCallsFor', () => {
  it('asks for each page’s first reads with the inputs the page uses, and the navigation’s count', () => {
    const paths = (pathname: string) => dashboardCallsFor('talent', creator, at(pathname)).map((call) => call.path);
    expect(paths('/')).toEqual([
      'talent.corrections.summary',
      'talent.dashboard.home',
      'talent.get',
      'talent.conversations.list',
      'talent.knowledgeGaps.list',
    ]);
    expect(dashboardCallsFor('talent', creator, at('/conversations/'))).toContainEqual({
      path: 'talent.conversations.list',
      input: { talentId: 't1', filter: 'all', limit: 20 },
      infinite: true,
    });
    expect(paths('/earnings')).toEqual(['talent.corrections.summary', 'talent.earnings.overview', 'talent.earnings.payouts']);
    expect(paths('/settings/voice')).toEqual(['talent.corrections.summary']);
    expect(dashboardCallsFor('admin', admin, at('/status'))).toEqual([
      { path: 'admin.status.get', input: undefined, infinite: false },
    ]);
    expect(dashboardCallsFor('admin', admin, at('/payments'))).toEqual([
      { path: 'admin.payments.list', input: { showSandbox: false, priceType: 'all' }, infinite: true },
    ]);
  });

  it('leaves a filtered address to its page, which reads with other inputs', () => {
    expect(dashboardCallsFor('talent', creator, at('/conversations', '?filter=paying'))).toEqual([]);
    expect(dashboardCallsFor('admin', admin, at('/payments', '?sandbox=shown'))).toEqual([]);
  });
});
