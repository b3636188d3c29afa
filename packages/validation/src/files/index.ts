import { z } from 'zod';
import { messages } from '../common/messages.ts';
import { singleLineText } from '../common/single-line.ts';

/** Whose file it is: a talent (or the caller's onboarding draft), or public admin content. */
export const fileOwnerTypesForUpload = ['TALENT', 'PUBLIC'] as const;

export const imageMimeTypes = ['image/jpeg', 'image/png', 'image/webp'] as const;
export const imageExtensions = ['jpg', 'jpeg', 'png', 'webp'] as const;
export const audioMimeTypes = ['audio/mpeg'] as const;
/** Largest upload: phone photos are 3 to 8 MB. */
export const maxUploadBytes = 10 * 1024 * 1024;

export const uploadFileInput = z.object({
  ownerId: singleLineText({ error: messages.required }).min(1, messages.required).max(64),
  ownerType: z.enum(fileOwnerTypesForUpload),
  /**
   * What the file is for; decides the allowed types. 'knowledge': a document for the twin's
   * knowledge (PDF, .docx, text, Markdown, .srt/.vtt, CSV), up to knowledgeLimits.fileBytes.
   */
  purpose: z.enum(['profile-picture', 'gallery', 'voice-sample', 'knowledge']).default('profile-picture'),
  file: z.object({
    name: singleLineText().min(1, messages.required).max(255),
    type: singleLineText().max(100),
    size: z
      .number()
      .int()
      .min(1, 'The file is empty')
      .max(maxUploadBytes, `The file is larger than ${maxUploadBytes / 1024 / 1024} MB`),
    /** Base64 of the bytes; the server checks the real type from its content. */
    content: z
      .string()
      .min(1, 'The file is empty')
      .max(Math.ceil((maxUploadBytes * 4) / 3) + 4, `The file is larger than ${maxUploadBytes / 1024 / 1024} MB`),
  }),
});
export type UploadFileInput = z.infer<typeof uploadFileInput>;

export const uploadedFileOutput = z.object({
  id: z.string(),
  type: z.enum(['IMAGE', 'AUDIO', 'DOCUMENT']),
  /** Address to show the file: `/files/{filePath}`. */
  url: z.string(),
  filePath: z.string(),
  lockedFilePath: z.string().nullable(),
  dimensions: z.object({ width: z.number().int(), height: z.number().int() }).nullable(),
});
export type UploadedFile = z.infer<typeof uploadedFileOutput>;
export * from './media-src.ts';
