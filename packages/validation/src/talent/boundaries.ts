// The creator's boundaries (talent.boundaries.*): topics the twin never engages with and how far
// it may go; and the messages that crossed them (talent.boundaryFlags.list, admin.boundaryFlags.list).
import { z } from 'zod';
import { singleLineText } from '../common/single-line.ts';
import { boundaryReasons, boundarySides, contentLevels } from '../enums.ts';

export const blockedTopicsMax = 20;
export const blockedTopicMaxLength = 60;

export const blockedTopic = singleLineText()
  .min(2, 'A topic needs at least 2 characters')
  .max(blockedTopicMaxLength, `Keep each topic under ${blockedTopicMaxLength} characters`)
  .regex(/[\p{L}\p{N}]/u, 'A topic needs letters or numbers');

export const boundarySettings = z.object({
  blockedTopics: z
    .array(blockedTopic)
    .max(blockedTopicsMax, `At most ${blockedTopicsMax} topics`)
    // The same topic twice (whatever its case) is one topic.
    .transform((topics) => [...new Map(topics.map((topic) => [topic.toLowerCase(), topic])).values()]),
  contentLevel: z.enum(contentLevels, 'Choose a content level'),
});
export type BoundarySettings = z.infer<typeof boundarySettings>;

export const boundarySettingsOutput = z.object({
  blockedTopics: z.array(z.string()),
  contentLevel: z.enum(contentLevels),
});

export const boundaryFlagOutput = z.object({
  id: z.string(),
  chatId: z.string(),
  messageId: z.string(),
  talentId: z.string(),
  talentName: z.string(),
  side: z.enum(boundarySides),
  reason: z.enum(boundaryReasons),
  matched: z.string(),
  /** The fan's message that was refused. */
  messageText: z.string(),
  /** ISO 8601. */
  createdAt: z.iso.datetime(),
});
export type BoundaryFlagView = z.infer<typeof boundaryFlagOutput>;

export const boundaryFlagsInput = z.object({
  /** Keyset cursor: the last row's id of the previous page. */
  cursor: singleLineText().min(1).max(100).optional(),
  limit: z.number().int().min(1).max(100).default(20),
});
export const adminBoundaryFlagsInput = boundaryFlagsInput.extend({
  talentId: singleLineText().min(1).max(100).optional(),
});
export const boundaryFlagsOutput = z.object({
  items: z.array(boundaryFlagOutput),
  total: z.number().int(),
  nextCursor: z.string().nullable(),
});
export type BoundaryFlagsOutput = z.infer<typeof boundaryFlagsOutput>;
