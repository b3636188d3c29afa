import { z } from 'zod';
import { messages } from '../common/messages.ts';
import { singleLineText } from '../common/single-line.ts';
import { imageContextMax, imageContextMin, talentMessages } from './limits.ts';
import { dimensionsSchema, storedFilePathSchema } from './settings.ts';

/** Image context (docs/product-rules.md#creator-settings-fields): 3 to 40 characters, with its messages. */
export const imageContextSchema = singleLineText({ error: messages.required })
  .min(imageContextMin, talentMessages.contextTooShort)
  .max(imageContextMax, talentMessages.contextTooLong);

const attachmentId = singleLineText().min(1, messages.required).max(100);

/** Add static attachment (docs/product-rules.md#calls): the result of `files.upload` with purpose 'gallery'. */
export const addStaticAttachmentInput = z.object({
  staticAttachment: z.object({
    id: attachmentId,
    type: z.literal('IMAGE'),
    originalFileName: singleLineText().min(1, messages.required).max(255),
    filePath: storedFilePathSchema,
    lockedFilePath: storedFilePathSchema,
    /** Informative only: the server reads the stored image's real dimensions. */
    dimensions: dimensionsSchema.nullish(),
    context: imageContextSchema.optional(),
  }),
});
export type AddStaticAttachmentInput = z.infer<typeof addStaticAttachmentInput>;

/** The gallery editor's context form. */
export const imageContextFormSchema = z.object({ context: imageContextSchema });

export const updateStaticAttachmentInput = z.object({ staticAttachmentId: attachmentId, context: imageContextSchema });
export type UpdateStaticAttachmentInput = z.infer<typeof updateStaticAttachmentInput>;

export const deleteStaticAttachmentInput = z.object({ staticAttachmentId: attachmentId });
export type DeleteStaticAttachmentInput = z.infer<typeof deleteStaticAttachmentInput>;

export const staticAttachmentOutput = z.object({
  id: z.string(),
  /** The original (managers may see it). */
  url: z.string(),
  /** The blurred copy fans see before unlocking; null for images stored without one. */
  lockedUrl: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  context: z.string(),
  originalFileName: z.string(),
});
export type StaticAttachmentView = z.infer<typeof staticAttachmentOutput>;
