import { describe, expect, it } from 'vitest';
import { EnvError, loadCliEnv, loadWorkerEnv } from './env.ts';

describe('worker env', () => {
  it('requires a postgres DATABASE_URL for the worker', () => {
    expect(() => loadWorkerEnv({})).toThrow(EnvError);
    expect(() => loadWorkerEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must be a postgres:\/\/ URL/);
    expect(loadWorkerEnv({ DATABASE_URL: 'postgres://u:p@h:5432/d', LOG_LEVEL: 'DEBUG' })).toMatchObject({ LOG_LEVEL: 'debug' });
  });

  it('lets the CLI fall back to the embedded database on the default port', () => {
    expect(loadCliEnv({ DATABASE_URL: '' })).toMatchObject({
      DATABASE_URL: undefined,
      EMBEDDED_POSTGRES_PORT: 54329,
      LOG_LEVEL: 'info',
    });
    expect(loadCliEnv({ EMBEDDED_POSTGRES_PORT: '6000' }).EMBEDDED_POSTGRES_PORT).toBe(6000);
    expect(() => loadCliEnv({ EMBEDDED_POSTGRES_PORT: 'abc' })).toThrow(/EMBEDDED_POSTGRES_PORT/);
    expect(() => loadCliEnv({ LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL/);
  });
});
