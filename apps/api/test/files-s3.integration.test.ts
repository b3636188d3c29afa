// Files on S3-compatible object storage: the API configured with S3_* settings stores uploads in a
// local S3 server (real protocol, Signature V4 checked) and still serves private files only through
// its access-checked routes, reading them back from the bucket.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createFileStorage, fileStorageConfig } from '@doppel/integrations';
import { type FakeS3, startFakeS3 } from '@doppel/integrations/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, type Caller, seedPeople, signIn, startApi } from './harness.ts';
import { fileInput, mp3, png } from './upload-fixtures.ts';

const filesDir = mkdtempSync(join(tmpdir(), 'doppel-files-s3-'));
let s3: FakeS3;
let api: Api;
let people: Awaited<ReturnType<typeof seedPeople>>;
let manager: Caller;
let otherManager: Caller;
let admin: Caller;

const bucket = 'doppel-media';
const s3Env = () => ({
  FILES_DIR: filesDir,
  S3_BUCKET: bucket,
  S3_REGION: s3.region,
  S3_ENDPOINT: s3.url,
  S3_ACCESS_KEY_ID: s3.accessKeyId,
  S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
  S3_FORCE_PATH_STYLE: 'true',
  S3_PREFIX: 'test',
});

beforeAll(async () => {
  s3 = await startFakeS3({ buckets: [bucket], region: 'eu-west-1' });
  api = await startApi({ env: s3Env() });
  people = await seedPeople(api);
  manager = await signIn(api, 'creator-a@test.dev');
  otherManager = await signIn(api, 'creator-b@test.dev');
  admin = await signIn(api, 'admin@test.dev');
});
afterAll(async () => {
  await api?.close();
  await s3?.close();
  rmSync(filesDir, { recursive: true, force: true });
});

const withCookie = (caller: Caller) => ({ headers: { cookie: caller.cookie() ?? '' } });

describe('files on S3 storage', () => {
  it('stores a gallery upload and its locked copy in the bucket under the prefix, nothing on local disk', async () => {
    const picture = png(40, 30);
    // (The server re-encodes uploads, so the stored bytes are compared with what is served.)
    const uploaded = await manager.client.files.upload.mutate({
      ownerId: people.talentA.id,
      ownerType: 'TALENT',
      purpose: 'gallery',
      file: fileInput(picture, 'beach.png', 'image/png'),
    });
    const original = s3.object(bucket, `test/${uploaded.filePath}`);
    expect([...(original?.bytes.subarray(0, 4) ?? [])]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(original?.contentType).toBe('image/png');
    expect(s3.object(bucket, `test/${uploaded.lockedFilePath}`)?.contentType).toBe('image/jpeg');
    expect(readdirSync(filesDir)).toEqual([]);

    // The original only to the talent's manager and admins, through /media; never through /files.
    const own = await fetch(`${api.url}${uploaded.url}`, withCookie(manager));
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await own.arrayBuffer()).equals(original?.bytes ?? Buffer.alloc(0))).toBe(true);
    expect((await fetch(`${api.url}${uploaded.url}`, withCookie(admin))).status).toBe(200);
    expect((await fetch(`${api.url}${uploaded.url}`)).status).toBe(404);
    expect((await fetch(`${api.url}${uploaded.url}`, withCookie(otherManager))).status).toBe(404);
    expect((await fetch(`${api.url}/files/${uploaded.filePath}`)).status).toBe(404);
    // The locked copy is public, read from the bucket too.
    const locked = await fetch(`${api.url}/files/${uploaded.lockedFilePath}`);
    expect(locked.status).toBe(200);
    expect(locked.headers.get('content-type')).toBe('image/jpeg');
  });

  it('serves a public profile picture from the bucket, and answers 404 for a key that is not there', async () => {
    const uploaded = await manager.client.files.upload.mutate({
      ownerId: people.talentA.id,
      ownerType: 'TALENT',
      file: fileInput(png(8, 8), 'me.png', 'image/png'),
    });
    const served = await fetch(`${api.url}${uploaded.url}`);
    expect(served.status).toBe(200);
    const stored = s3.object(bucket, `test/${uploaded.filePath}`)?.bytes ?? Buffer.alloc(0);
    expect(Buffer.from(await served.arrayBuffer()).equals(stored)).toBe(true);
    const missing = await fetch(`${api.url}/files/talents/${people.talentA.id}/profile-picture/nothinghere.png`);
    expect(missing.status).toBe(404);
    expect(s3.requests.at(-1)).toMatchObject({ method: 'GET', status: 404 });
  });

  it('serves a voice note the worker wrote to the same bucket, only to those who manage the talent', async () => {
    // The worker builds its storage from the same settings through the same factory.
    const workerStorage = createFileStorage(
      fileStorageConfig(filesDir, {
        S3_BUCKET: bucket,
        S3_REGION: s3.region,
        S3_ENDPOINT: s3.url,
        S3_ACCESS_KEY_ID: s3.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
        S3_FORCE_PATH_STYLE: true,
        S3_PREFIX: 'test',
      }),
    );
    const path = `talents/${people.talentA.id}/voice-notes/reply1.mp3`;
    await workerStorage.put(path, mp3, 'audio/mpeg');
    const url = `${api.url}/media/talents/${people.talentA.id}/voice-notes/reply1.mp3`;
    const own = await fetch(url, withCookie(manager));
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('audio/mpeg');
    expect(Buffer.from(await own.arrayBuffer()).equals(mp3)).toBe(true);
    expect((await fetch(url, withCookie(otherManager))).status).toBe(404);
    expect((await fetch(`${api.url}/files/${path}`)).status).toBe(404);
  });
});
