import { describe, expect, it } from 'vitest';
import { EnvError, loadWorkerEnv } from './env.ts';

const base = { DATABASE_URL: 'postgres://u:p@h:5432/d' };

describe('worker file storage settings', () => {
  it('reads the same S3 settings as the API, local disk when none is set', () => {
    const unset = loadWorkerEnv(base);
    expect(unset.S3_BUCKET).toBeUndefined();
    expect(unset).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
    const env = loadWorkerEnv({
      ...base,
      S3_BUCKET: 'doppel-files',
      S3_ACCESS_KEY_ID: 'AKIAEXAMPLE',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
      S3_REGION: 'auto',
      S3_FORCE_PATH_STYLE: 'false',
      S3_PREFIX: 'prod/',
    });
    expect(env).toMatchObject({ S3_BUCKET: 'doppel-files', S3_REGION: 'auto', S3_FORCE_PATH_STYLE: false, S3_PREFIX: 'prod/' });
  });

  it('stops a half-configured S3 naming what is missing, and bad values with their name', () => {
    expect(() => loadWorkerEnv({ ...base, S3_BUCKET: 'doppel-files', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE' })).toThrow(
      'S3 file storage is half configured: set S3_SECRET_ACCESS_KEY too',
    );
    expect(() => loadWorkerEnv({ ...base, S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(EnvError);
    expect(() => loadWorkerEnv({ ...base, S3_FORCE_PATH_STYLE: '1' })).toThrow('S3_FORCE_PATH_STYLE must be true or false');
    expect(() => loadWorkerEnv({ ...base, S3_ENDPOINT: 'nope' })).toThrow('S3_ENDPOINT must be an http:// or https:// URL');
  });
});
