import { z } from 'zod';
import { messages } from '../common/messages.ts';
import { singleLineText } from '../common/single-line.ts';
import { genders } from '../enums.ts';

/** The "No voice" choice: first in the list, clears the twin's voice. */
export const noVoiceId = '';

export const voiceOptionOutput = z.object({
  id: z.string(),
  name: z.string(),
  gender: z.enum([...genders, 'NEUTRAL']),
  /** Where the preview plays from; null when the voice has no sample. */
  sampleUrl: z.string().nullable(),
});
export type VoiceOption = z.infer<typeof voiceOptionOutput>;
export const voiceListOutput = z.array(voiceOptionOutput);

/** Set talent voice: one of the ids `talent.voice.list` offers ('' for "No voice"). */
export const setVoiceInput = z.object({ voiceId: singleLineText({ error: messages.required }).max(100) });
export type SetVoiceInput = z.infer<typeof setVoiceInput>;

/** The voice form: a choice is required (the "No voice" option counts as one). */
export const voiceFormSchema = setVoiceInput;
