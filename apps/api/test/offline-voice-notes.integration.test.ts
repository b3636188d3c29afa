// Voice on a bare machine: `npm start` without an ElevenLabs key and without Debian's espeak-ng.
// The demo files are made as `npm start` makes them, then the real API and worker processes run
// with a PATH that holds nothing but node, so no installed speech binary can help. A fan who asks
// the demo twin for a voice note gets one that plays, and the voice settings' samples play. Each
// carries the machine-readable AI mark, read here by music-metadata (the product never writes with it).
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chatMessages, devOutboxEmails, seedDemoData, talents } from '@doppel/db';
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { createLocalDiskStorage, createTts } from '@doppel/integrations';
import { readWav } from '@doppel/integrations/testing';
import { desc, eq } from 'drizzle-orm';
import { parseBuffer } from 'music-metadata';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { materializeDemoFiles } from '../../../scripts/demo-files.ts';
import { startWorkerProcess, type WorkerProcess } from '../../../scripts/worker-process.ts';
import { type ApiProcess, type Browser, createBrowser, startApiProcess } from './harness.ts';

let database: TestDatabase;
let filesDir: string;
let api: ApiProcess | undefined;
let worker: WorkerProcess | undefined;

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  await seedDemoData(database.db);
  filesDir = mkdtempSync(join(tmpdir(), 'doppel-offline-voice-'));
  // What `npm start` does after seeding: the demo voice samples and notes, spoken offline.
  await materializeDemoFiles(database.db, createLocalDiskStorage(filesDir), createTts({}));

  const { NODE_ENV: _nodeEnv, VITEST: _vitest, ...inherited } = process.env;
  const bare = {
    // Only node itself: an espeak-ng in /usr/bin, if this machine has one, is out of reach.
    PATH: dirname(process.execPath),
    FILES_DIR: filesDir,
    ELEVENLABS_API_KEY: '',
    OPENAI_API_KEY: '',
    OPENAI_BASE_URL: '',
  };
  [api, worker] = await Promise.all([
    startApiProcess({ ...inherited, ...bare, DATABASE_URL: database.url, FAN_FREE_CREDITS: '50' }),
    startWorkerProcess(database.url, bare),
  ]);
}, 120_000);

afterAll(async () => {
  await Promise.all([api?.stop(), worker?.kill('SIGTERM')]);
  await database?.drop();
  if (filesDir) rmSync(filesDir, { recursive: true, force: true });
});

const output = () => [api?.output(), worker?.output()].join('\n');

async function download(
  browser: Browser | undefined,
  path: string,
): Promise<{ status: number; type: string | null; bytes: Uint8Array }> {
  const cookie = browser?.cookie();
  const response = await fetch(`${api?.url}${path}`, { headers: cookie ? { cookie } : {} });
  return {
    status: response.status,
    type: response.headers.get('content-type'),
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}

/** Playable speech: a valid PCM WAV of more than 0.3 s whose loudest sample is well above silence. */
function expectSpeech(bytes: Uint8Array, what: string) {
  const wav = readWav(bytes);
  expect(wav.durationSeconds, what).toBeGreaterThan(0.3);
  expect(wav.peak, what).toBeGreaterThan(3_000);
}

/** The WAV's AI mark: IPTC's digital source type for AI-made media and whose AI voice it is. */
async function expectAiMark(bytes: Uint8Array, speaker: string, what: string) {
  const tags = await parseBuffer(bytes, { mimeType: 'audio/wav' });
  expect(tags.native['ID3v2.4'], what).toContainEqual({
    id: 'TXXX:DigitalSourceType',
    value: 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
  });
  expect(tags.common.artist, what).toBe(`${speaker} (AI voice)`);
  // RIFF INFO, for the players and editors that read only that.
  expect(tags.native.exif, what).toContainEqual({ id: 'IART', value: `${speaker} (AI voice)` });
  expect(tags.native.exif?.find((tag) => tag.id === 'ICMT')?.value, what).toContain('trainedAlgorithmicMedia');
}

describe('voice without ElevenLabs or an installed espeak-ng', () => {
  it('answers a fan who asks the demo twin for a voice note with an AI-marked note that plays', async () => {
    const fan = createBrowser();
    const client = fan.client(api?.url ?? '');
    const { chat } = await client.chat.open.mutate({ talentTag: 'mia' });
    const send = { chatId: chat.id, text: 'Send me a voice note please!', idempotencyKey: randomUUID() };
    const { message } = await client.chat.send.mutate(send);

    const reply = await vi.waitFor(
      async () => {
        const [written] = await database.db.select().from(chatMessages).where(eq(chatMessages.replyToMessageId, message.id));
        if (!written) throw new Error(`no reply yet\n${output()}`);
        return written;
      },
      { timeout: 60_000, interval: 200 },
    );
    expect(reply.text, 'not the "voice is gone" fallback').not.toMatch(/voice is gone/i);
    expect(reply.attachments).toEqual([
      { type: 'AUDIO', filePath: expect.stringMatching(/\/voice-notes\/.+\.wav$/), isUnlocked: false },
    ]);

    await client.chat.unlock.mutate({ chatId: chat.id, messageId: reply.id, attachmentId: '0' });
    const note = await download(fan, `/media/${reply.id}/0`);
    expect(note.status).toBe(200);
    expect(note.type).toBe('audio/wav');
    expectSpeech(note.bytes, 'the voice note');
    await expectAiMark(note.bytes, 'Mia Moreno', 'the voice note');
  });

  it('plays every sample the voice settings offer the demo creator, each AI-marked', async () => {
    const creator = createBrowser();
    const client = creator.client(api?.url ?? '');
    const email = 'creator@doppel.dev';
    await client.auth.requestSignInLink.mutate({ email });
    const [mail] = await database.db
      .select()
      .from(devOutboxEmails)
      .where(eq(devOutboxEmails.to, email))
      .orderBy(desc(devOutboxEmails.createdAt))
      .limit(1);
    const token = new URL(mail?.link ?? 'http://x/').searchParams.get('token') ?? '';
    await client.auth.signInWithLink.mutate({ email, token });
    const [mia] = await database.db.select({ id: talents.id }).from(talents).where(eq(talents.tag, 'mia'));

    const offered = (await client.talent.voice.list.query({ talentId: mia?.id ?? '' })).filter((voice) => voice.sampleUrl);
    expect(offered.length).toBeGreaterThan(0);
    for (const voice of offered) {
      const sample = await download(creator, voice.sampleUrl ?? '');
      expect(sample.status, voice.name).toBe(200);
      expectSpeech(sample.bytes, `${voice.name}'s sample`);
      await expectAiMark(sample.bytes, voice.name, `${voice.name}'s sample`);
    }
  });
});
