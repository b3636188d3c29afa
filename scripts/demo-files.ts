// The demo data names pictures and voice notes by path; this draws the files behind those paths
// so `npm start` shows a complete product offline: abstract gradient pictures (no text, so no
// fonts are needed), their blurred locked copies, and voice samples and notes spoken by the
// offline voice engine (each sample in its own voice's gender and settings). Only missing files are
// made: it is safe on every start. It belongs to `npm start` (and the tests that start like it),
// not to the product: nothing a person does draws these pictures.

import { createHash } from 'node:crypto';
import { chatMessages, chats, type Executor, staticAttachments, talentDrafts, talents, voices } from '@doppel/db';
import {
  type FileStorage,
  type ImageProcessing,
  isSafeStoragePath,
  type TtsPort,
  type VoiceSettings,
} from '@doppel/domain/ports';
import { createSharpImages } from '@doppel/integrations';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';

type Picture = { path: string; width: number; height: number; seed: string };
/** `speaker` is whose AI voice the file's AI mark names: the voice's own name for a sample, the twin's for a note. */
type Speech = { path: string; text: string; voice: VoiceSettings; speaker: string };

/** The seeded voice notes are the demo twin's, who speaks with a female voice. */
const noteVoice: VoiceSettings = {
  id: 'demo',
  stability: 0.5,
  similarityBoost: 0.7,
  style: 0,
  model: 'eleven_monolingual_v1',
  gender: 'FEMALE',
};

const palettes = [
  ['#7c3aed', '#ec4899', '#f59e0b'],
  ['#0ea5e9', '#6366f1', '#a855f7'],
  ['#10b981', '#06b6d4', '#3b82f6'],
  ['#f97316', '#ef4444', '#db2777'],
  ['#14b8a6', '#84cc16', '#eab308'],
] as const;

/** A soft abstract picture, different for every seed, the same for the same seed. */
export async function drawDemoPicture(width: number, height: number, seed: string): Promise<Buffer> {
  const hash = createHash('sha256').update(seed).digest();
  const [from, via, to] = palettes[(hash[0] ?? 0) % palettes.length] ?? palettes[0];
  const circles = Array.from({ length: 5 }, (_, i) => {
    const x = ((hash[1 + i * 3] ?? 0) / 255) * width;
    const y = ((hash[2 + i * 3] ?? 0) / 255) * height;
    const r = (0.15 + ((hash[3 + i * 3] ?? 0) / 255) * 0.35) * Math.min(width, height);
    return `<circle cx="${x.toFixed(0)}" cy="${y.toFixed(0)}" r="${r.toFixed(0)}" fill="#ffffff" fill-opacity="0.18"/>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="0.55" stop-color="${via}"/><stop offset="1" stop-color="${to}"/>
    </linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>${circles}</svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 82 }).toBuffer();
}

function storagePathOfUrl(url: string | null): string | undefined {
  if (!url?.startsWith('/files/')) return undefined;
  return url.slice('/files/'.length);
}

export type DemoFilesResult = { pictures: number; lockedCopies: number; audio: number; skippedAudio: number };

/**
 * Makes every missing demo file: gallery originals and locked copies, profile pictures, welcome
 * images, and (with a WAV-producing voice engine) voice samples and seeded voice notes.
 */
export async function materializeDemoFiles(
  db: Executor,
  storage: FileStorage,
  tts?: TtsPort,
  images: ImageProcessing = createSharpImages(),
): Promise<DemoFilesResult> {
  const result: DemoFilesResult = { pictures: 0, lockedCopies: 0, audio: 0, skippedAudio: 0 };
  const pictures: Picture[] = [];

  const gallery = await db.select().from(staticAttachments);
  for (const image of gallery) {
    const width = image.width ?? 1080;
    const height = image.height ?? 1350;
    pictures.push({ path: image.filePath, width, height, seed: image.filePath });
    if (image.lockedFilePath && !(await storage.exists(image.lockedFilePath))) {
      const original = (await storage.read(image.filePath))?.bytes ?? (await drawDemoPicture(width, height, image.filePath));
      await storage.put(image.lockedFilePath, await images.lockedCopy(original), 'image/jpeg');
      result.lockedCopies++;
    }
  }
  const twins = await db
    .select({ profilePictureUrl: talents.profilePictureUrl, initialChatMessages: talents.initialChatMessages })
    .from(talents);
  const drafts = await db.select({ profilePictureUrl: talentDrafts.profilePictureUrl }).from(talentDrafts);
  for (const { profilePictureUrl } of [...twins, ...drafts]) {
    const path = storagePathOfUrl(profilePictureUrl);
    if (path) pictures.push({ path, width: 512, height: 512, seed: path });
  }
  for (const twin of twins) {
    for (const message of twin.initialChatMessages) {
      for (const attachment of message.attachments ?? []) {
        if (attachment.type !== 'IMAGE') continue;
        const { width = 1080, height = 1350 } = attachment.dimensions ?? {};
        pictures.push({ path: attachment.filePath, width, height, seed: attachment.filePath });
      }
    }
  }
  for (const picture of pictures) {
    if (!isSafeStoragePath(picture.path) || !picture.path.endsWith('.jpg') || (await storage.exists(picture.path))) continue;
    await storage.put(picture.path, await drawDemoPicture(picture.width, picture.height, picture.seed), 'image/jpeg');
    result.pictures++;
  }

  const samples = await db.select().from(voices);
  const speech: Speech[] = samples
    .filter((voice) => voice.sampleFilePath)
    .map((voice) => ({
      path: voice.sampleFilePath as string,
      text: `Hi, I'm ${voice.name}. This is how I sound.`,
      voice,
      speaker: voice.name,
    }));
  const voiceNotes = await db
    .select({ text: chatMessages.text, attachments: chatMessages.attachments, twinName: talents.name })
    .from(chatMessages)
    .innerJoin(chats, eq(chats.id, chatMessages.chatId))
    .innerJoin(talents, eq(talents.id, chats.talentId))
    .where(sql`${chatMessages.attachments} @> '[{"type":"AUDIO"}]'::jsonb`);
  for (const note of voiceNotes) {
    for (const attachment of note.attachments) {
      if (attachment.type === 'AUDIO')
        speech.push({ path: attachment.filePath, text: note.text || 'Hey you!', voice: noteVoice, speaker: note.twinName });
    }
  }
  for (const item of speech) {
    if (!isSafeStoragePath(item.path) || (await storage.exists(item.path))) continue;
    if (!tts || tts.engine === 'none') {
      result.skippedAudio++;
      continue;
    }
    const audio = await tts.synthesize({ text: item.text, voice: item.voice, speaker: item.speaker });
    // The demo paths are .wav; an engine that makes MP3 (ElevenLabs) is not used for them.
    if (audio.extension !== 'wav') {
      result.skippedAudio++;
      continue;
    }
    await storage.put(item.path, audio.bytes, audio.contentType);
    result.audio++;
  }
  return result;
}
