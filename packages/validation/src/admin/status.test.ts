import { describe, expect, it } from 'vitest';
import { adminStatusCheckOutput, adminStatusGetOutput, offlineEngineModel } from './status.ts';

describe('admin status payloads', () => {
  it('describes each model entry with its check, time, error and offline label', () => {
    const entries = [
      { model: 'gpt-4o-mini', healthy: true, checkedAt: '2030-01-01T00:00:00.000Z', error: null, offline: false },
      { model: offlineEngineModel, healthy: true, checkedAt: null, error: null, offline: true },
      { model: 'gpt-retired', healthy: false, checkedAt: null, error: 'HTTP 404', offline: false },
    ];
    expect(adminStatusGetOutput.parse({ entries })).toEqual({ entries });
    expect(adminStatusGetOutput.safeParse({ entries: [{ model: 'x', healthy: 'yes' }] }).success).toBe(false);
  });

  it('says whether Check now queued a job', () => {
    expect(adminStatusCheckOutput.parse({ queued: false, jobId: null })).toEqual({ queued: false, jobId: null });
  });
});
