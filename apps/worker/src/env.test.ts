import { logLevels } from '@doppel/validation';
import { describe, expect, it } from 'vitest';
import { databaseConnection, EnvError, loadCliEnv, loadWorkerEnv } from './env.ts';

describe('worker env', () => {
  it('requires a postgres DATABASE_URL for the worker', () => {
    expect(() => loadWorkerEnv({})).toThrow(EnvError);
    expect(() => loadWorkerEnv({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL must be a postgres:\/\/ URL/);
    expect(loadWorkerEnv({ DATABASE_URL: 'postgres://u:p@h:5432/d', LOG_LEVEL: 'DEBUG' })).toMatchObject({ LOG_LEVEL: 'debug' });
  });

  it('accepts every LOG_LEVEL the API accepts, since one `npm start` gives both the same one', () => {
    const base = { DATABASE_URL: 'postgres://u:p@h:5432/d' };
    // logLevels is the vocabulary of the API's LOG_LEVEL as well (the same logSettings).
    for (const level of logLevels) expect(loadWorkerEnv({ ...base, LOG_LEVEL: level }).LOG_LEVEL).toBe(level);
    expect(loadWorkerEnv({ ...base, LOG_LEVEL: 'trace' }).LOG_LEVEL).toBe('trace');
    expect(loadCliEnv({ LOG_LEVEL: 'trace' }).LOG_LEVEL).toBe('trace');
    expect(() => loadWorkerEnv({ ...base, LOG_LEVEL: 'loud' })).toThrow(/LOG_LEVEL must be one of trace, debug/);
  });

  it('takes a mailto: or https: VAPID subject and a positive push rate, unset when empty', () => {
    const base = { DATABASE_URL: 'postgres://u:p@h:5432/d' };
    expect(loadWorkerEnv({ ...base, WEB_PUSH_SUBJECT: '', WEB_PUSH_RATE_PER_SECOND: '' })).toMatchObject({
      WEB_PUSH_SUBJECT: undefined,
      WEB_PUSH_RATE_PER_SECOND: undefined,
    });
    expect(loadWorkerEnv({ ...base, WEB_PUSH_SUBJECT: 'mailto:ops@doppel.app', WEB_PUSH_RATE_PER_SECOND: '25' })).toMatchObject({
      WEB_PUSH_SUBJECT: 'mailto:ops@doppel.app',
      WEB_PUSH_RATE_PER_SECOND: 25,
    });
    expect(loadWorkerEnv({ ...base, WEB_PUSH_SUBJECT: 'https://doppel.app/contact' }).WEB_PUSH_SUBJECT).toBe(
      'https://doppel.app/contact',
    );
    expect(() => loadWorkerEnv({ ...base, WEB_PUSH_SUBJECT: 'ops@doppel.app' })).toThrow(/WEB_PUSH_SUBJECT must be a mailto:/);
    expect(() => loadWorkerEnv({ ...base, WEB_PUSH_RATE_PER_SECOND: '0' })).toThrow(/WEB_PUSH_RATE_PER_SECOND must be above 0/);
    expect(() => loadWorkerEnv({ ...base, WEB_PUSH_RATE_PER_SECOND: 'fast' })).toThrow(/WEB_PUSH_RATE_PER_SECOND/);
  });

  it('asks the moderation endpoint by default; OPENAI_MODERATION is on or off', () => {
    const base = { DATABASE_URL: 'postgres://u:p@h:5432/d' };
    expect(loadWorkerEnv(base).OPENAI_MODERATION).toBe('on');
    expect(loadWorkerEnv({ ...base, OPENAI_MODERATION: 'off' }).OPENAI_MODERATION).toBe('off');
    expect(() => loadWorkerEnv({ ...base, OPENAI_MODERATION: 'maybe' })).toThrow(/OPENAI_MODERATION must be on or off/);
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

describe('connection pooler settings', () => {
  it('are read by the worker and the ops CLI alike, and handed to the database clients as plain options', () => {
    const pooled = { DATABASE_POOLER: 'pgbouncer-transaction', DATABASE_DIRECT_URL: 'postgres://db:5432/doppel' };
    const worker = loadWorkerEnv({ DATABASE_URL: 'postgres://pooler:6432/doppel', ...pooled });
    expect(databaseConnection(worker)).toEqual({ pooler: 'pgbouncer-transaction', directUrl: 'postgres://db:5432/doppel' });
    expect(databaseConnection(loadCliEnv({ DATABASE_POOLER: '' }))).toEqual({ pooler: 'none' });
    expect(() => loadCliEnv({ DATABASE_POOLER: 'session' })).toThrow(
      /DATABASE_POOLER must be one of: none, pgbouncer-transaction/,
    );
  });
});
