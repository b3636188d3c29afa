import { describe, expect, it } from 'vitest';
import { loadEnv } from './env.ts';

const base = { DATABASE_URL: 'postgres://localhost:5432/doppel', DOPPEL_DATA_DIR: '/srv/doppel' };
const s3 = { S3_BUCKET: 'doppel-files', S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret' };

describe('file storage settings', () => {
  it('keeps files on local disk by default, empty S3 settings included', () => {
    const env = loadEnv({ ...base, S3_BUCKET: '', S3_ENDPOINT: '', S3_FORCE_PATH_STYLE: '' });
    expect(env.S3_BUCKET).toBeUndefined();
    expect(env).toMatchObject({ FILES_DIR: '/srv/doppel/files', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false });
  });

  it('takes a complete S3 configuration with endpoint, path style and prefix', () => {
    const env = loadEnv({
      ...base,
      ...s3,
      S3_REGION: 'auto',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'production/doppel',
    });
    expect(env).toMatchObject({ ...s3, S3_REGION: 'auto', S3_ENDPOINT: 'http://127.0.0.1:9000', S3_FORCE_PATH_STYLE: true });
    expect(env.S3_PREFIX).toBe('production/doppel');
  });

  it('stops a half-configured S3 with a message naming what is missing', () => {
    expect(() => loadEnv({ ...base, S3_BUCKET: 'doppel-files' })).toThrow(
      'S3 file storage is half configured: set S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY too, or unset all of S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
    );
    expect(() => loadEnv({ ...base, S3_ACCESS_KEY_ID: 'AKIAEXAMPLE', S3_SECRET_ACCESS_KEY: 'secret' })).toThrow(
      'S3 file storage is half configured: set S3_BUCKET too',
    );
  });

  it('refuses an endpoint that is not a URL, a path style that is not true/false and an unsafe prefix', () => {
    expect(() => loadEnv({ ...base, ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(
      'S3_ENDPOINT must be an http:// or https:// URL',
    );
    expect(() => loadEnv({ ...base, ...s3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow('S3_FORCE_PATH_STYLE must be true or false');
    expect(() => loadEnv({ ...base, ...s3, S3_PREFIX: '../other' })).toThrow('S3_PREFIX must be folder names');
  });
});
