import { describe, expect, it } from 'vitest';
import { diffSnapshots, maxTextLength, redactedMarker } from './audit-diff.ts';

describe('diffSnapshots', () => {
  it('lists only the fields that differ, nested ones by dotted name, lists compared whole', () => {
    const before = { name: 'Mia', config: { prompt: 'Hi', temperature: 0.5 }, tags: ['a', 'b'], age: 25 };
    const after = { name: 'Mia', config: { prompt: 'Hello', temperature: 0.5 }, tags: ['a', 'c'], age: 25 };
    expect(diffSnapshots(before, after)).toEqual([
      { field: 'config.prompt', before: 'Hi', after: 'Hello' },
      { field: 'tags', before: ['a', 'b'], after: ['a', 'c'] },
    ]);
  });

  it('lists every field of a created or deleted record against null, dates as ISO text', () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    expect(diffSnapshots(null, { name: 'New', createdAt: at })).toEqual([
      { field: 'name', before: null, after: 'New' },
      { field: 'createdAt', before: null, after: '2026-01-02T03:04:05.000Z' },
    ]);
    expect(diffSnapshots({ name: 'Gone' }, null)).toEqual([{ field: 'name', before: 'Gone', after: null }]);
  });

  it('ignores updatedAt, which moves on every save', () => {
    expect(diffSnapshots({ name: 'A', updatedAt: new Date(1) }, { name: 'A', updatedAt: new Date(2) })).toEqual([]);
  });

  it('says that a secret changed without storing it, at any depth and inside lists', () => {
    const changes = diffSnapshots(
      { passwordHash: 'old-hash', paypal: { apiKey: 'k1' }, sessions: [{ token: 't1', device: 'phone' }] },
      { passwordHash: 'new-hash', paypal: { apiKey: 'k2' }, sessions: [{ token: 't2', device: 'laptop' }] },
    );
    expect(changes).toEqual([
      { field: 'passwordHash', before: redactedMarker, after: redactedMarker },
      { field: 'paypal.apiKey', before: redactedMarker, after: redactedMarker },
      {
        field: 'sessions',
        before: [{ token: redactedMarker, device: 'phone' }],
        after: [{ token: redactedMarker, device: 'laptop' }],
      },
    ]);
    expect(JSON.stringify(changes)).not.toMatch(/hash"|k1|k2|t1|t2/);
  });

  it('keeps a secret that was set or cleared distinguishable from one that was absent', () => {
    expect(diffSnapshots({ webhookSecret: null }, { webhookSecret: 's3cret' })).toEqual([
      { field: 'webhookSecret', before: null, after: redactedMarker },
    ]);
  });

  it('cuts very long texts', () => {
    const long = 'x'.repeat(maxTextLength + 50);
    const [change] = diffSnapshots({ prompt: '' }, { prompt: long });
    expect(String(change?.after).length).toBe(maxTextLength + 1);
  });
});
