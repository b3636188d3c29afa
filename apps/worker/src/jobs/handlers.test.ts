import { jobNames } from '@doppel/jobs';
import { describe, expect, it } from 'vitest';
import { jobHandlers } from './handlers.ts';

describe('job handlers', () => {
  it('registers functions for catalog jobs only', () => {
    for (const [name, handler] of Object.entries(jobHandlers)) {
      expect(jobNames).toContain(name);
      expect(handler).toBeTypeOf('function');
    }
  });

  it('has a handler for every catalog job', () => {
    // The worker would skip a job without one (with a warning); shipping that is a mistake.
    for (const name of jobNames) expect(jobHandlers[name], name).toBeTypeOf('function');
  });
});
