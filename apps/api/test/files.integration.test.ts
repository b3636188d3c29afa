import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { talentDrafts, users } from '@doppel/db';
import { TRPCClientError } from '@trpc/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, type Caller, seedPeople, signIn, startApi } from './harness.ts';
import { fileInput, jpeg3x2, mp3, png, webp3x2 } from './upload-fixtures.ts';

const filesDir = mkdtempSync(join(tmpdir(), 'doppel-files-'));
let api: Api;
let people: Awaited<ReturnType<typeof seedPeople>>;
let manager: Caller;
let admin: Caller;
let otherManager: Caller;
let newcomer: Caller;
let newcomerDraftId: string;

beforeAll(async () => {
  api = await startApi({ env: { FILES_DIR: filesDir } });
  people = await seedPeople(api);
  manager = await signIn(api, 'creator-a@test.dev');
  otherManager = await signIn(api, 'creator-b@test.dev');
  admin = await signIn(api, 'admin@test.dev');
  const [user] = await api.database.db.insert(users).values({ email: 'new@test.dev', waitlistStatus: 'ACCEPTED' }).returning();
  const [draft] = await api.database.db
    .insert(talentDrafts)
    .values({ userId: user?.id as string, name: 'Newcomer' })
    .returning();
  newcomerDraftId = draft?.id as string;
  newcomer = await signIn(api, 'new@test.dev');
});
afterAll(async () => {
  await api.close();
  rmSync(filesDir, { recursive: true, force: true });
});

function storedFiles(): string[] {
  return readdirSync(filesDir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

async function refusal(call: Promise<unknown>): Promise<{ code?: string; message: string; fieldErrors?: unknown }> {
  try {
    await call;
  } catch (error) {
    if (error instanceof TRPCClientError) {
      const data = error.data as { code?: string; fieldErrors?: unknown };
      return { code: data?.code, message: error.message, fieldErrors: data?.fieldErrors };
    }
    throw error;
  }
  throw new Error('the call succeeded but was expected to fail');
}

const upload = (caller: Caller, ownerId: string, file: ReturnType<typeof fileInput>, purpose?: 'gallery' | 'voice-sample') =>
  caller.client.files.upload.mutate({ ownerId, ownerType: 'TALENT', file, ...(purpose ? { purpose } : {}) });

describe('files.upload', () => {
  it('decides the type by content: a PNG named .jpg is stored and served as a PNG with its dimensions', async () => {
    const uploaded = await upload(manager, people.talentA.id, fileInput(png(40, 30), 'holiday.jpg', 'image/jpeg'));
    expect(uploaded.type).toBe('IMAGE');
    expect(uploaded.filePath).toMatch(new RegExp(`^talents/${people.talentA.id}/profile-picture/[a-z0-9]{20}\\.png$`));
    expect(uploaded.filePath).not.toContain('holiday');
    expect(uploaded.url).toBe(`/files/${uploaded.filePath}`);
    expect(uploaded.dimensions).toEqual({ width: 40, height: 30 });
    expect(uploaded.lockedFilePath).toBeNull();

    const served = await fetch(`${api.url}${uploaded.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toContain('immutable');
    const bytes = Buffer.from(await served.arrayBuffer());
    expect([...bytes.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
  });

  it('accepts JPEG and WEBP pictures and serves each with its own content type', async () => {
    for (const [bytes, extension, contentType] of [
      [jpeg3x2, 'jpg', 'image/jpeg'],
      [webp3x2, 'webp', 'image/webp'],
    ] as const) {
      const uploaded = await upload(newcomer, newcomerDraftId, fileInput(bytes, `me.${extension}`, contentType));
      expect(uploaded.filePath.endsWith(`.${extension}`)).toBe(true);
      expect(uploaded.dimensions).toEqual({ width: 3, height: 2 });
      const served = await fetch(`${api.url}${uploaded.url}`);
      expect(served.headers.get('content-type')).toBe(contentType);
    }
  });

  it('refuses a text file named .png with a clear message and stores nothing', async () => {
    const before = storedFiles();
    const text = Buffer.from('just some text, not a picture at all');
    const error = await refusal(upload(manager, people.talentA.id, fileInput(text, 'photo.png', 'image/png')));
    expect(error).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This file is not a JPG, PNG or WEBP image',
      fieldErrors: { file: ['This file is not a JPG, PNG or WEBP image'] },
    });
    expect(storedFiles()).toEqual(before);
  });

  it('refuses an image with a valid signature but broken data, and stores nothing', async () => {
    const before = storedFiles();
    const broken = Buffer.concat([png(8, 8).subarray(0, 40), Buffer.from('garbage garbage garbage')]);
    const error = await refusal(upload(manager, people.talentA.id, fileInput(broken, 'broken.png', 'image/png')));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toMatch(/damaged or incomplete/);
    expect(storedFiles()).toEqual(before);
  });

  it('stores a blurred, smaller locked copy under an unrelated id for gallery images', async () => {
    const uploaded = await upload(
      manager,
      people.talentA.id,
      fileInput(png(800, 600, { noise: true }), 'a.png', 'image/png'),
      'gallery',
    );
    expect(uploaded.filePath).toMatch(/\/gallery\/[a-z0-9]{20}\.png$/);
    expect(uploaded.lockedFilePath).toMatch(/\/gallery-locked\/[a-z0-9]{20}\.jpg$/);
    const originalId = uploaded.filePath.split('/').pop()?.split('.')[0] as string;
    expect(uploaded.lockedFilePath).not.toContain(originalId);
    const locked = await fetch(`${api.url}/files/${uploaded.lockedFilePath}`);
    expect(locked.headers.get('content-type')).toBe('image/jpeg');
    const lockedBytes = Buffer.from(await locked.arrayBuffer());
    const original = Buffer.from(
      await (await fetch(`${api.url}${uploaded.url}`, { headers: { cookie: manager.cookie() ?? '' } })).arrayBuffer(),
    );
    expect(lockedBytes.length).toBeLessThan(original.length / 10);
  });

  it('serves a gallery original only to the talent manager and admins, never through the public /files route', async () => {
    const uploaded = await upload(manager, people.talentA.id, fileInput(png(40, 30), 'b.png', 'image/png'), 'gallery');
    expect(uploaded.url).toBe(`/media/talents/${people.talentA.id}/${uploaded.filePath.split('/').slice(2).join('/')}`);
    expect((await fetch(`${api.url}/files/${uploaded.filePath}`)).status).toBe(404);
    expect((await fetch(`${api.url}${uploaded.url}`)).status).toBe(404);
    const otherManager = await signIn(api, people.creatorB.email as string);
    expect((await fetch(`${api.url}${uploaded.url}`, { headers: { cookie: otherManager.cookie() ?? '' } })).status).toBe(404);
    const own = await fetch(`${api.url}${uploaded.url}`, { headers: { cookie: manager.cookie() ?? '' } });
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/png');
    expect((await fetch(`${api.url}/files/${uploaded.lockedFilePath}`)).status).toBe(200);
  });

  it('takes MP3 voice samples and refuses anything else for them', async () => {
    const uploaded = await upload(manager, people.talentA.id, fileInput(mp3, 'voice.wav', 'audio/wav'), 'voice-sample');
    expect(uploaded).toMatchObject({ type: 'AUDIO', dimensions: null, lockedFilePath: null });
    expect(uploaded.filePath).toMatch(/\/voice-sample\/[a-z0-9]{20}\.mp3$/);
    const served = await fetch(`${api.url}${uploaded.url}`);
    expect(served.headers.get('content-type')).toBe('audio/mpeg');

    const error = await refusal(
      upload(manager, people.talentA.id, fileInput(png(4, 4), 'voice.mp3', 'audio/mpeg'), 'voice-sample'),
    );
    expect(error).toMatchObject({ code: 'BAD_REQUEST', message: 'This file is not an MP3 audio file' });
    const pictureOfMp3 = await refusal(upload(manager, people.talentA.id, fileInput(mp3, 'x.png', 'image/png')));
    expect(pictureOfMp3.message).toBe('This file is not a JPG, PNG or WEBP image');
  });

  it('is FORBIDDEN for a talent the caller does not manage, another user’s draft, or public files for non-admins', async () => {
    const before = storedFiles();
    const file = fileInput(png(4, 4), 'a.png', 'image/png');
    expect((await refusal(upload(otherManager, people.talentA.id, file))).code).toBe('FORBIDDEN');
    expect((await refusal(upload(manager, newcomerDraftId, file))).code).toBe('FORBIDDEN');
    expect((await refusal(upload(manager, 'no-such-owner', file))).code).toBe('FORBIDDEN');
    const publicUpload = manager.client.files.upload.mutate({ ownerId: 'app', ownerType: 'PUBLIC', file });
    expect((await refusal(publicUpload)).code).toBe('FORBIDDEN');
    expect(storedFiles()).toEqual(before);
  });

  it('lets admins upload public files and files for any existing talent', async () => {
    const file = fileInput(png(4, 4), 'a.png', 'image/png');
    const publicFile = await admin.client.files.upload.mutate({ ownerId: 'app', ownerType: 'PUBLIC', file });
    expect(publicFile.filePath).toMatch(/^public\/profile-picture\/[a-z0-9]{20}\.png$/);
    const talentFile = await upload(admin, people.talentB.id, file);
    expect(talentFile.filePath.startsWith(`talents/${people.talentB.id}/`)).toBe(true);
  });

  it('refuses a file over 10 MB with a message, not a transport error', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 1);
    const error = await refusal(upload(manager, people.talentA.id, fileInput(big, 'big.png', 'image/png')));
    expect(error.code).toBe('BAD_REQUEST');
    expect(error.message).toBe('The file is larger than 10 MB');
  });

  it('accepts a large photo (about 9 MB) over the upload route', async () => {
    const photo = png(1800, 1800, { noise: true });
    expect(photo.length).toBeGreaterThan(9 * 1024 * 1024);
    const uploaded = await upload(manager, people.talentA.id, fileInput(photo, 'big.png', 'image/png'));
    expect(uploaded.dimensions).toEqual({ width: 1800, height: 1800 });
  });
});

describe('request body limits', () => {
  const post = (path: string, bytes: number) =>
    fetch(`${api.url}/trpc/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: manager.cookie() ?? '' },
      body: JSON.stringify({ padding: 'x'.repeat(bytes) }),
    });

  it('keeps 1 MB for every call except the upload', async () => {
    expect((await post('waitlist.join', 2 * 1024 * 1024)).status).toBe(413);
    expect((await post('onboarding.create', 2 * 1024 * 1024)).status).toBe(413);
    // The same size reaches the upload procedure, which answers with its own validation error.
    expect((await post('files.upload', 2 * 1024 * 1024)).status).toBe(400);
    expect((await post('files.upload', 20 * 1024 * 1024)).status).toBe(413);
  });

  it('takes a batched upload (the web client batches calls) when it is alone in its batch', async () => {
    const photo = png(1200, 1000, { noise: true });
    const input = { ownerId: people.talentA.id, ownerType: 'TALENT', file: fileInput(photo, 'p.png', 'image/png') };
    const response = await fetch(`${api.url}/trpc/files.upload?batch=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: manager.cookie() ?? '' },
      body: JSON.stringify({ 0: input }),
    });
    expect(response.status).toBe(200);
    const [answer] = (await response.json()) as Array<{ result: { data: { dimensions: unknown } } }>;
    expect(answer?.result.data.dimensions).toEqual({ width: 1200, height: 1000 });
  });
});

describe('GET /files', () => {
  /** Sends the path exactly as written (fetch would normalise `..` away). */
  const rawGet = (path: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const url = new URL(api.url);
      const req = request({ host: url.hostname, port: url.port, path, method: 'GET' }, (res) => {
        let body = '';
        res.on('data', (part) => {
          body += part;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });

  it('refuses path traversal and paths the server never makes', async () => {
    for (const path of [
      '/files/../package.json',
      '/files/../../../../etc/passwd',
      '/files/talents/..%2F..%2F..%2Fpackage.json',
      '/files/talents/%2e%2e/%2e%2e/package.json',
      '/files/talents/x/notes.txt',
      '/files/talents/x/evil.svg',
    ]) {
      const response = await rawGet(path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      expect(response.body, path).not.toContain('"name"');
    }
  });

  it('answers 404 for a file that does not exist', async () => {
    expect((await rawGet('/files/talents/nobody/profile-picture/abc.png')).status).toBe(404);
  });
});
