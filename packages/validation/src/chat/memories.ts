// What a twin remembers about a fan: the fan's "What {twin} remembers about you" panel
// (chat.memories.*), the admin chat view (admin.chats.memories.*) and the creator's API
// (talent.fanMemories.*).
import { z } from 'zod';
import { singleLineText } from '../common/single-line.ts';
import { fanMemoryKinds, fanMemoryMaxLength } from './memory-limits.ts';

const id = (label: string) => singleLineText().min(1, `${label} is not defined`).max(100);

/** A note as written by hand (the creator or an admin editing one). */
export const fanMemoryText = z
  .string()
  .trim()
  .min(1, 'Write what the twin should remember')
  .max(fanMemoryMaxLength, `Keep it under ${fanMemoryMaxLength} characters`);

/** The creator's inline edit of one note: the form's only field, checked as the server checks it. */
export const fanMemoryEditForm = z.object({ text: fanMemoryText });

export const fanMemoryOutput = z.object({
  id: z.string(),
  kind: z.enum(fanMemoryKinds),
  text: z.string(),
  /** ISO 8601. */
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type FanMemoryView = z.infer<typeof fanMemoryOutput>;

export const fanMemoriesOutput = z.object({ memories: z.array(fanMemoryOutput) });
export type FanMemoriesOutput = z.infer<typeof fanMemoriesOutput>;

export const chatMemoriesInput = z.object({ chatId: id('Chat ID') });
export const chatMemoryInput = z.object({ chatId: id('Chat ID'), memoryId: id('Memory ID') });
export const chatMemoryUpdateInput = chatMemoryInput.extend({ text: fanMemoryText });

/** The creator's view: one fan's memories with their twin, named by the fan's chat. */
export const talentFanMemoriesInput = z.object({ chatId: id('Chat ID') });
export const talentFanMemoryInput = z.object({ chatId: id('Chat ID'), memoryId: id('Memory ID') });
export const talentFanMemoryUpdateInput = talentFanMemoryInput.extend({ text: fanMemoryText });

export const memoryDeletedOutput = z.object({ deleted: z.number().int() });

/** The creator's screen: a page of the twin's fans who have notes, newest learnt first. */
export const talentMemoryFansInput = z.object({
  /** Keyset cursor: the previous page's `nextCursor`. */
  cursor: singleLineText().min(1).max(500).optional(),
  limit: z.number().int().min(1).max(50).default(20),
});

export const talentMemoryFanOutput = z.object({
  /** The fan's chat with the twin: the other talent.fanMemories calls name the fan by it. */
  chatId: z.string(),
  fan: z.object({
    id: z.string(),
    /** The account's display name; empty when the fan has none (no email: creators never see it). */
    name: z.string(),
    isAnonymous: z.boolean(),
  }),
  /** ISO 8601: when the twin last learnt something about this fan. */
  lastLearntAt: z.iso.datetime(),
  memories: z.array(fanMemoryOutput),
});
export type TalentMemoryFan = z.infer<typeof talentMemoryFanOutput>;

export const talentMemoryFansOutput = z.object({
  items: z.array(talentMemoryFanOutput),
  nextCursor: z.string().nullable(),
});
export type TalentMemoryFansOutput = z.infer<typeof talentMemoryFansOutput>;
