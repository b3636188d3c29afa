import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listRecordedChanges, staticAttachments } from '@doppel/db';
import { talentMessages } from '@doppel/validation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Api, type Caller, refusal, seedPeople, signIn, startApi } from './harness.ts';
import { fileInput, png } from './upload-fixtures.ts';

const filesDir = mkdtempSync(join(tmpdir(), 'doppel-gallery-files-'));
let api: Api;
let people: Awaited<ReturnType<typeof seedPeople>>;
let manager: Caller;
let otherManager: Caller;
let talentId: string;

beforeAll(async () => {
  api = await startApi({ env: { FILES_DIR: filesDir } });
  people = await seedPeople(api);
  talentId = people.talentA.id;
  manager = await signIn(api, people.creatorA.email as string);
  otherManager = await signIn(api, people.creatorB.email as string);
});
afterAll(async () => {
  await api.close();
  rmSync(filesDir, { recursive: true, force: true });
});

/** Width and height from a PNG's IHDR chunk or a JPEG's start-of-frame marker, read without the code under test. */
function imageSize(bytes: Buffer): { format: 'png' | 'jpeg'; width: number; height: number } {
  if (bytes.readUInt32BE(0) === 0x89504e47)
    return { format: 'png', width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) throw new Error('neither PNG nor JPEG');
  for (let offset = 2; offset < bytes.length; ) {
    const marker = bytes[offset + 1] as number;
    const length = bytes.readUInt16BE(offset + 2);
    // SOF0..SOF15 except DHT (c4), JPG (c8) and DAC (cc) carry the frame size.
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { format: 'jpeg', height: bytes.readUInt16BE(offset + 5), width: bytes.readUInt16BE(offset + 7) };
    }
    offset += 2 + length;
  }
  throw new Error('no JPEG frame header');
}

/** A real gallery upload through files.upload, as the gallery page makes it. */
async function uploadToGallery(caller: Caller, ownerId: string, width: number, height: number, name = 'photo.png') {
  return caller.client.files.upload.mutate({
    ownerId,
    ownerType: 'TALENT',
    purpose: 'gallery',
    file: fileInput(png(width, height, { noise: true }), name, 'image/png'),
  });
}

const asAttachment = (uploaded: Awaited<ReturnType<typeof uploadToGallery>>, fields: Record<string, unknown> = {}) => ({
  id: uploaded.id,
  type: 'IMAGE' as const,
  originalFileName: 'photo.png',
  filePath: uploaded.filePath,
  lockedFilePath: uploaded.lockedFilePath as string,
  dimensions: uploaded.dimensions,
  ...fields,
});

describe('talent.gallery.add', () => {
  it('stores an uploaded image with its original and locked copy on disk and the real dimensions', async () => {
    const uploaded = await uploadToGallery(manager, talentId, 640, 360);
    // The client's dimensions are not trusted: the server measures the stored file.
    const added = await manager.client.talent.gallery.add.mutate({
      talentId,
      staticAttachment: asAttachment(uploaded, { dimensions: { width: 1, height: 1 }, context: 'beach day' }),
    });
    expect(added).toMatchObject({
      id: uploaded.id,
      width: 640,
      height: 360,
      context: 'beach day',
      originalFileName: 'photo.png',
    });

    const [row] = await api.database.db.select().from(staticAttachments).where(eq(staticAttachments.id, uploaded.id));
    expect(row).toMatchObject({
      talentId,
      filePath: uploaded.filePath,
      lockedFilePath: uploaded.lockedFilePath,
      width: 640,
      height: 360,
    });
    expect(imageSize(readFileSync(join(filesDir, uploaded.filePath)))).toEqual({ format: 'png', width: 640, height: 360 });
    const locked = imageSize(readFileSync(join(filesDir, uploaded.lockedFilePath as string)));
    expect(locked.format).toBe('jpeg');
    // The locked copy keeps the aspect ratio at a smaller size.
    expect(Math.abs(locked.width / locked.height - 640 / 360)).toBeLessThan(0.02);
    expect(locked.width).toBeLessThan(640);

    const settings = await manager.client.talent.get.query({ talentId });
    expect(settings.staticAttachments).toEqual([
      {
        id: uploaded.id,
        url: uploaded.url,
        lockedUrl: `/files/${uploaded.lockedFilePath}`,
        width: 640,
        height: 360,
        context: 'beach day',
        originalFileName: 'photo.png',
      },
    ]);
    const events = (await listRecordedChanges(api.database.db)).filter((event) => event.rowId === uploaded.id);
    expect(events.map((event) => event.scopes)).toEqual([[`talent:${talentId}`, 'admin']]);
  });

  it('refuses a file that is not in this twin’s gallery: another twin’s, a profile picture, a missing or made-up path', async () => {
    const others = await uploadToGallery(otherManager, people.talentB.id, 20, 20);
    const picture = await manager.client.files.upload.mutate({
      ownerId: talentId,
      ownerType: 'TALENT',
      file: fileInput(png(20, 20), 'me.png', 'image/png'),
    });
    const own = await uploadToGallery(manager, talentId, 20, 20);
    const cases = [
      asAttachment(others),
      { ...asAttachment(own), filePath: others.filePath },
      { ...asAttachment(own), lockedFilePath: others.lockedFilePath as string },
      { ...asAttachment(own), filePath: picture.filePath },
      { ...asAttachment(own), filePath: `talents/${talentId}/gallery/not_uploaded_at_all.png` },
      { ...asAttachment(own), filePath: `talents/${talentId}/gallery/../../${people.talentB.id}/gallery/x.png` },
      { ...asAttachment(own), lockedFilePath: own.filePath },
    ];
    for (const staticAttachment of cases) {
      expect(await refusal(manager.client.talent.gallery.add.mutate({ talentId, staticAttachment }))).toEqual({
        code: 'BAD_REQUEST',
        message: talentMessages.notInGallery,
        fieldErrors: { staticAttachment: [talentMessages.notInGallery] },
      });
    }
    const rows = await api.database.db.select().from(staticAttachments).where(eq(staticAttachments.talentId, talentId));
    expect(rows.map((row) => row.id)).not.toContain(own.id);
  });

  it('refuses adding the same upload twice, and a context outside 3 to 40 characters', async () => {
    const uploaded = await uploadToGallery(manager, talentId, 30, 30);
    await manager.client.talent.gallery.add.mutate({ talentId, staticAttachment: asAttachment(uploaded) });
    expect(
      await refusal(manager.client.talent.gallery.add.mutate({ talentId, staticAttachment: asAttachment(uploaded) })),
    ).toMatchObject({
      code: 'CONFLICT',
      message: talentMessages.attachmentExists,
    });
    const next = await uploadToGallery(manager, talentId, 30, 30);
    expect(
      (
        await refusal(
          manager.client.talent.gallery.add.mutate({ talentId, staticAttachment: asAttachment(next, { context: 'ab' }) }),
        )
      ).message,
    ).toBe('Context must be at least 3 characters long');
  });

  it('refuses a manager of another twin, even with a file of this twin', async () => {
    const uploaded = await uploadToGallery(manager, talentId, 20, 20);
    expect(
      (await refusal(otherManager.client.talent.gallery.add.mutate({ talentId, staticAttachment: asAttachment(uploaded) }))).code,
    ).toBe('FORBIDDEN');
  });
});

describe('talent.gallery.update', () => {
  it('sets the context with the documented limits and messages', async () => {
    const uploaded = await uploadToGallery(manager, talentId, 50, 40);
    await manager.client.talent.gallery.add.mutate({ talentId, staticAttachment: asAttachment(uploaded) });
    const staticAttachmentId = uploaded.id;
    expect(
      await refusal(manager.client.talent.gallery.update.mutate({ talentId, staticAttachmentId, context: ' ab ' })),
    ).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'Context must be at least 3 characters long',
      fieldErrors: { context: ['Context must be at least 3 characters long'] },
    });
    expect(
      (await refusal(manager.client.talent.gallery.update.mutate({ talentId, staticAttachmentId, context: 'x'.repeat(41) })))
        .fieldErrors,
    ).toEqual({ context: ['Context must be less than 40 characters'] });
    expect(
      await manager.client.talent.gallery.update.mutate({ talentId, staticAttachmentId, context: 'x'.repeat(40) }),
    ).toMatchObject({
      context: 'x'.repeat(40),
    });
    const updated = await manager.client.talent.gallery.update.mutate({
      talentId,
      staticAttachmentId,
      context: ' in the kitchen ',
    });
    expect(updated.context).toBe('in the kitchen');
    const [row] = await api.database.db.select().from(staticAttachments).where(eq(staticAttachments.id, staticAttachmentId));
    expect(row?.context).toBe('in the kitchen');
  });

  it('refuses a manager of another twin, and cannot reach another twin’s image through its own twin', async () => {
    const uploaded = await uploadToGallery(manager, talentId, 20, 20);
    await manager.client.talent.gallery.add.mutate({ talentId, staticAttachment: asAttachment(uploaded) });
    const input = { staticAttachmentId: uploaded.id, context: 'hacked' };
    expect((await refusal(otherManager.client.talent.gallery.update.mutate({ talentId, ...input }))).code).toBe('FORBIDDEN');
    expect(
      await refusal(otherManager.client.talent.gallery.update.mutate({ talentId: people.talentB.id, ...input })),
    ).toMatchObject({
      code: 'NOT_FOUND',
      message: talentMessages.attachmentNotFound,
    });
    expect(
      (
        await refusal(
          otherManager.client.talent.gallery.delete.mutate({ talentId: people.talentB.id, staticAttachmentId: uploaded.id }),
        )
      ).code,
    ).toBe('NOT_FOUND');
    const [row] = await api.database.db.select().from(staticAttachments).where(eq(staticAttachments.id, uploaded.id));
    expect(row?.context).toBe('');
  });
});

describe('talent.gallery.delete', () => {
  it('removes the image from the gallery; a second delete finds nothing', async () => {
    const uploaded = await uploadToGallery(manager, talentId, 20, 20);
    await manager.client.talent.gallery.add.mutate({ talentId, staticAttachment: asAttachment(uploaded) });
    expect(await manager.client.talent.gallery.delete.mutate({ talentId, staticAttachmentId: uploaded.id })).toEqual({
      ok: true,
    });
    expect(await api.database.db.select().from(staticAttachments).where(eq(staticAttachments.id, uploaded.id))).toEqual([]);
    expect((await manager.client.talent.get.query({ talentId })).staticAttachments.map((item) => item.id)).not.toContain(
      uploaded.id,
    );
    expect((await refusal(manager.client.talent.gallery.delete.mutate({ talentId, staticAttachmentId: uploaded.id }))).code).toBe(
      'NOT_FOUND',
    );
  });

  it('refuses a manager of another twin and keeps the image', async () => {
    const uploaded = await uploadToGallery(manager, talentId, 20, 20);
    await manager.client.talent.gallery.add.mutate({ talentId, staticAttachment: asAttachment(uploaded) });
    expect(
      (await refusal(otherManager.client.talent.gallery.delete.mutate({ talentId, staticAttachmentId: uploaded.id }))).code,
    ).toBe('FORBIDDEN');
    expect(await api.database.db.select().from(staticAttachments).where(eq(staticAttachments.id, uploaded.id))).toHaveLength(1);
  });
});
