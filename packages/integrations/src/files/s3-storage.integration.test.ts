// The S3 adapter through the real AWS SDK against a local server speaking the S3 REST protocol,
// which checks every request's Signature V4.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeS3, startFakeS3 } from '../testing/fake-s3.ts';
import { createFileStorage, fileStorageConfig, type S3Settings } from './create-file-storage.ts';
import { createS3Storage, type S3StorageConfig } from './s3-storage.ts';

let s3: FakeS3;
let config: S3StorageConfig;
const filesDir = mkdtempSync(join(tmpdir(), 'doppel-s3-unused-'));

beforeAll(async () => {
  s3 = await startFakeS3({ buckets: ['doppel-files'], region: 'eu-central-1' });
  config = {
    bucket: 'doppel-files',
    region: s3.region,
    endpoint: s3.url,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    forcePathStyle: true,
    prefix: 'production',
  };
});
afterAll(async () => {
  await s3.close();
  rmSync(filesDir, { recursive: true, force: true });
});

describe('S3 storage', () => {
  it('stores an object under the prefix with its content type, reads it back and reports it', async () => {
    const storage = createS3Storage(config);
    await storage.put('talents/t1/gallery/f1.png', Buffer.from('png bytes'), 'image/png');
    const object = s3.object('doppel-files', 'production/talents/t1/gallery/f1.png');
    expect(object?.bytes.toString()).toBe('png bytes');
    expect(object?.contentType).toBe('image/png');
    expect(await storage.exists('talents/t1/gallery/f1.png')).toBe(true);
    const stored = await storage.read('talents/t1/gallery/f1.png');
    expect(stored?.bytes.toString()).toBe('png bytes');
    expect(stored?.contentType).toBe('image/png');
    // Signed with the configured key, for the configured region.
    expect(s3.requests.at(-1)).toMatchObject({ method: 'GET', accessKeyId: s3.accessKeyId, status: 200 });
  });

  it('answers undefined and false for a missing key (NoSuchKey, HEAD 404)', async () => {
    const storage = createS3Storage(config);
    expect(await storage.read('talents/t1/gallery/missing.png')).toBeUndefined();
    expect(await storage.exists('talents/t1/gallery/missing.png')).toBe(false);
    expect(s3.requests.slice(-2).map((request) => request.status)).toEqual([404, 404]);
  });

  it('refuses unsafe paths exactly as the disk adapter does, without asking the server', async () => {
    const storage = createS3Storage(config);
    const before = s3.requests.length;
    await expect(storage.put('../outside.png', Buffer.from('x'), 'image/png')).rejects.toThrow(/unsafe path/);
    await expect(storage.put('talents/t1/a.png', Buffer.from('x'), 'image/jpeg')).rejects.toThrow(/cannot hold/);
    expect(await storage.read('../outside.png')).toBeUndefined();
    expect(await storage.read('talents/t1/notes.exe')).toBeUndefined();
    expect(await storage.exists('talents/%2e%2e/x.png')).toBe(false);
    expect(s3.requests.length).toBe(before);
  });

  it('fails loudly with wrong credentials, a wrong region or a bucket that does not exist', async () => {
    const path = 'talents/t1/gallery/f2.png';
    await expect(
      createS3Storage({ ...config, secretAccessKey: 'wrong' }).put(path, Buffer.from('x'), 'image/png'),
    ).rejects.toThrow(/signature we calculated does not match/);
    await expect(createS3Storage({ ...config, accessKeyId: 'SOMEONEELSE' }).read(path)).rejects.toMatchObject({
      name: 'InvalidAccessKeyId',
    });
    await expect(createS3Storage({ ...config, region: 'us-west-2' }).read(path)).rejects.toMatchObject({
      name: 'AuthorizationHeaderMalformed',
    });
    await expect(createS3Storage({ ...config, bucket: 'nobody' }).read(path)).rejects.toMatchObject({ name: 'NoSuchBucket' });
    expect(s3.object('doppel-files', `production/${path}`)).toBeUndefined();
  });

  it('retries a request the server failed (500 InternalError) and then succeeds', async () => {
    const storage = createS3Storage(config);
    s3.failNext(500, 'InternalError');
    await storage.put('talents/t1/voice-note/v1.mp3', Buffer.from('mp3'), 'audio/mpeg');
    expect(s3.requests.slice(-2).map((request) => [request.method, request.status])).toEqual([
      ['PUT', 500],
      ['PUT', 200],
    ]);
    expect(s3.object('doppel-files', 'production/talents/t1/voice-note/v1.mp3')?.contentType).toBe('audio/mpeg');
  });
});

describe('createFileStorage', () => {
  const settings: S3Settings = { S3_REGION: 'eu-central-1', S3_FORCE_PATH_STYLE: true };

  it('uses the bucket when S3_BUCKET and the keys are set, and writes nothing to the folder', async () => {
    const storage = createFileStorage(
      fileStorageConfig(filesDir, {
        ...settings,
        S3_BUCKET: 'doppel-files',
        S3_ENDPOINT: s3.url,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      }),
    );
    await storage.put('public/gallery/p1.jpg', Buffer.from('jpeg'), 'image/jpeg');
    expect(s3.keys('doppel-files')).toContain('public/gallery/p1.jpg');
    expect(readdirSync(filesDir)).toEqual([]);
  });

  it('stays on local disk without S3 settings, and refuses half of them naming what is missing', async () => {
    expect(fileStorageConfig(filesDir, settings)).toEqual({ filesDir });
    await createFileStorage(fileStorageConfig(filesDir, settings)).put('public/x.png', Buffer.from('png'), 'image/png');
    expect(readdirSync(join(filesDir, 'public'))).toEqual(['x.png']);
    expect(() => fileStorageConfig(filesDir, { ...settings, S3_BUCKET: 'b' })).toThrow(
      'S3 file storage is half configured: set S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY too',
    );
    expect(() => fileStorageConfig(filesDir, { ...settings, S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' })).toThrow(
      /set S3_BUCKET too/,
    );
  });
});
