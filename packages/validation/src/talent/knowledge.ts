// The twin's knowledge sources (talent.knowledge.*, docs/knowledge.md): the creator's Settings →
// Knowledge and the admin's read-only list validate with these same schemas.
import { z } from 'zod';
import { messages } from '../common/messages.ts';
import { singleLineText } from '../common/single-line.ts';
import { knowledgeLimits, knowledgeSourceFormats, knowledgeSourceKinds, knowledgeSourceStatuses } from './knowledge-limits.ts';
import { storedFilePathSchema } from './settings.ts';

const talentId = singleLineText().min(1, 'Talent ID is not defined').max(100);
const sourceId = singleLineText().min(1, 'Source ID is not defined').max(100);

export const knowledgeTitleSchema = singleLineText({ error: messages.required })
  .min(1, messages.required)
  .max(knowledgeLimits.titleLength, `Use at most ${knowledgeLimits.titleLength} characters.`);

export const knowledgeSourcesInput = z.object({ talentId });
export type KnowledgeSourcesInput = z.infer<typeof knowledgeSourcesInput>;

/** An uploaded file (the result of `files.upload` with purpose 'knowledge'), titled by the creator or by its name. */
export const knowledgeAddFileInput = z.object({
  talentId,
  filePath: storedFilePathSchema,
  originalFileName: singleLineText().min(1, messages.required).max(255),
  title: knowledgeTitleSchema.optional(),
});
export type KnowledgeAddFileInput = z.infer<typeof knowledgeAddFileInput>;

export const knowledgeAddTextInput = z.object({
  talentId,
  title: knowledgeTitleSchema,
  text: z
    .string()
    .trim()
    .min(1, messages.required)
    .max(
      knowledgeLimits.pastedCharacters,
      `Paste at most ${knowledgeLimits.pastedCharacters.toLocaleString('en-US')} characters.`,
    ),
});
export type KnowledgeAddTextInput = z.infer<typeof knowledgeAddTextInput>;

export const knowledgeAddUrlInput = z.object({
  talentId,
  url: singleLineText({ error: messages.required })
    .min(1, messages.required)
    .max(knowledgeLimits.urlLength, 'This address is too long.')
    .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), 'Enter a web address starting with http:// or https://.'),
  title: knowledgeTitleSchema.optional(),
});
export type KnowledgeAddUrlInput = z.infer<typeof knowledgeAddUrlInput>;

export const knowledgeSourceInput = z.object({ talentId, sourceId });
export type KnowledgeSourceInput = z.infer<typeof knowledgeSourceInput>;

export const knowledgeRenameInput = z.object({ talentId, sourceId, title: knowledgeTitleSchema });
export type KnowledgeRenameInput = z.infer<typeof knowledgeRenameInput>;

export const knowledgeSourceOutput = z.object({
  id: z.string(),
  kind: z.enum(knowledgeSourceKinds),
  format: z.enum(knowledgeSourceFormats),
  title: z.string(),
  url: z.string().nullable(),
  byteSize: z.number().int(),
  charCount: z.number().int(),
  status: z.enum(knowledgeSourceStatuses),
  failureReason: z.string().nullable(),
  passageCount: z.number().int(),
  createdAt: z.iso.datetime(),
  processedAt: z.iso.datetime().nullable(),
});
export type KnowledgeSourceView = z.infer<typeof knowledgeSourceOutput>;

/** The twin's sources, newest first, with what the quotas leave. */
export const knowledgeSourcesOutput = z.object({
  sources: z.array(knowledgeSourceOutput),
  quota: z.object({
    sources: z.object({ used: z.number().int(), max: z.number().int() }),
    characters: z.object({ used: z.number().int(), max: z.number().int() }),
  }),
});
export type KnowledgeSourcesOutput = z.infer<typeof knowledgeSourcesOutput>;

/** A passage a twin reply was based on (the creator's Conversations, "Based on"). */
export const basedOnPassageOutput = z.object({
  sourceId: z.string(),
  sourceTitle: z.string(),
  heading: z.string().nullable(),
  text: z.string(),
  score: z.number(),
});
export type BasedOnPassage = z.infer<typeof basedOnPassageOutput>;
