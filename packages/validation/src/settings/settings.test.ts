import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { logLevels } from '../system/log-level.ts';
import { databaseConnectionSettings, logSettings, s3Settings } from './settings.ts';

describe('shared settings', () => {
  const schema = z.object({ ...logSettings, ...databaseConnectionSettings, ...s3Settings });

  it('reads unset and empty alike, with the same defaults for every process', () => {
    const blank = {
      LOG_LEVEL: '',
      DATABASE_POOLER: '',
      DATABASE_DIRECT_URL: '',
      S3_BUCKET: '',
      S3_REGION: '',
      S3_FORCE_PATH_STYLE: '',
    };
    for (const source of [{}, blank]) {
      const parsed = schema.parse(source);
      expect(parsed).toMatchObject({
        LOG_LEVEL: 'info',
        DATABASE_POOLER: 'none',
        S3_REGION: 'us-east-1',
        S3_FORCE_PATH_STYLE: false,
      });
      expect(parsed.DATABASE_DIRECT_URL).toBeUndefined();
      expect(parsed.S3_BUCKET).toBeUndefined();
    }
  });

  it('takes every log level, trace included', () => {
    for (const level of logLevels) expect(schema.parse({ LOG_LEVEL: level.toUpperCase() }).LOG_LEVEL).toBe(level);
  });

  it('refuses a bad value with the setting and its choices named', () => {
    const result = schema.safeParse({ DATABASE_POOLER: 'pgpool', S3_ENDPOINT: 'ftp://x', S3_PREFIX: '../up' });
    const messages = result.error?.issues.map((issue) => issue.message) ?? [];
    expect(messages).toEqual([
      'DATABASE_POOLER must be one of: none, pgbouncer-transaction',
      'S3_ENDPOINT must be an http:// or https:// URL',
      'S3_PREFIX must be folder names (letters, digits, _ and -) joined by /',
    ]);
  });
});
