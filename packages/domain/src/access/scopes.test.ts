import { describe, expect, it } from 'vitest';
import { canWatchScope, parseScope, type Viewer } from './scopes.ts';

const creator: Viewer = { id: 'u1', role: 'USER', managedTalentIds: ['t1'] };
const admin: Viewer = { id: 'a1', role: 'ADMIN', managedTalentIds: [] };

describe('live-read scopes', () => {
  it('parses the five kinds and rejects anything else', () => {
    expect(parseScope('app')).toEqual({ kind: 'app' });
    expect(parseScope('talent:t1')).toEqual({ kind: 'talent', id: 't1' });
    expect(parseScope('chat:')).toBeUndefined();
    expect(parseScope('payments:x')).toBeUndefined();
    expect(parseScope('user:a:b')).toBeUndefined();
  });

  it('lets anyone watch the app scope and only admins the admin scope', () => {
    expect(canWatchScope(undefined, { kind: 'app' })).toBe(true);
    expect(canWatchScope(creator, { kind: 'admin' })).toBe(false);
    expect(canWatchScope(admin, { kind: 'admin' })).toBe(true);
  });

  it('lets a user watch themselves, a manager their talent, and neither anything else', () => {
    expect(canWatchScope(creator, { kind: 'user', id: 'u1' })).toBe(true);
    expect(canWatchScope(creator, { kind: 'user', id: 'u2' })).toBe(false);
    expect(canWatchScope(creator, { kind: 'talent', id: 't1' })).toBe(true);
    expect(canWatchScope(creator, { kind: 'talent', id: 't2' })).toBe(false);
    expect(canWatchScope(undefined, { kind: 'user', id: 'u1' })).toBe(false);
  });

  it('lets a chat be watched by its fan, its talent managers and admins, and refuses unknown chats', () => {
    const chat = { userId: 'fan', talentId: 't1' };
    expect(canWatchScope({ id: 'fan', role: 'USER', managedTalentIds: [] }, { kind: 'chat', id: 'c' }, chat)).toBe(true);
    expect(canWatchScope(creator, { kind: 'chat', id: 'c' }, chat)).toBe(true);
    expect(canWatchScope(admin, { kind: 'chat', id: 'c' }, chat)).toBe(true);
    expect(canWatchScope({ id: 'x', role: 'USER', managedTalentIds: ['t2'] }, { kind: 'chat', id: 'c' }, chat)).toBe(false);
    expect(canWatchScope(admin, { kind: 'chat', id: 'c' }, undefined)).toBe(false);
  });
});
