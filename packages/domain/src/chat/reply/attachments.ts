// The attachments a reply may carry when the model calls a function: a picture from the twin's
// gallery (chosen by meaning, never the same one twice in a chat) or a voice note spoken by the TTS.
// Either falls back to text, with a note of why, rather than failing the reply.

import { loggableErrorText, type MessageAttachment } from '@doppel/db';
import type { ReminderRequest } from '../../reach-out/reminders.ts';
import type { ReplyDeps } from './answer-fan-message.ts';
import { chooseImage } from './attachment-choice.ts';
import { loadGallery, loadSentImages, type ReplyContext } from './load.ts';

export type ComposedReply = {
  text: string;
  attachments: MessageAttachment[];
  /** The text sent when it is not the model's plain answer, with a note of what went wrong, if anything. */
  fallbackText: string | null;
  /** The fan asked for a reminder and the reply confirms it: stored with the reply (docs/reach-out.md#remind-me). */
  reminder?: ReminderRequest;
};

/**
 * A failure as logs and the admin's prompt view show it: kind and message, never a failed query's
 * statement and parameters (publishing a draft fails with the draft's text as a parameter).
 */
export const errorText = (error: unknown) => loggableErrorText(error);
export const stringArgument = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);

type AttachmentDeps = Pick<ReplyDeps, 'db' | 'llm' | 'tts' | 'storage' | 'log'>;

/** The gallery picture that best fits what the model was asked to show. */
export async function attachImage(
  deps: AttachmentDeps,
  context: ReplyContext,
  args: Record<string, unknown>,
  text: string | null,
): Promise<ComposedReply> {
  const successText = stringArgument(args.successText) ?? text;
  const failureText = stringArgument(args.failureText) ?? text ?? 'No photo of that right now, sorry!';
  const request = stringArgument(args.context) ?? context.message.text;
  const [gallery, sent] = await Promise.all([loadGallery(deps.db, context.talent.id), loadSentImages(deps.db, context.chat.id)]);
  if (gallery.length === 0)
    return { text: failureText, attachments: [], fallbackText: `${failureText}\n[no gallery image to send]` };
  // Embeddings rank by meaning ("beach" finds "sunset at the hot springs"); word overlap alone still works without them.
  const vectors = await deps.llm
    .embed([request, ...gallery.map((image) => image.context || image.filePath)])
    .catch(() => undefined);
  const [requestVector, ...candidateVectors] = vectors ?? [];
  const chosen = chooseImage({
    request,
    candidates: gallery,
    embeddings: requestVector ? { request: requestVector, candidates: candidateVectors } : undefined,
    alreadySent: sent.paths,
  });
  if (!chosen) return { text: failureText, attachments: [], fallbackText: `${failureText}\n[no gallery image to send]` };
  // The talent's "first image free" offer: price 0 and the fan has never had an image unlocked in this chat.
  const isUnlocked = context.talent.creditsToUnlockFirstImage === 0 && !sent.anyUnlocked;
  const replyText = successText ?? '';
  return {
    text: replyText,
    attachments: [
      {
        type: 'IMAGE',
        filePath: chosen.filePath,
        dimensions: { width: chosen.width ?? 0, height: chosen.height ?? 0 },
        isUnlocked,
      },
    ],
    fallbackText: replyText,
  };
}

/** The model's words spoken in the twin's voice, stored as the reply's voice note. */
export async function attachVoiceNote(
  deps: AttachmentDeps,
  context: ReplyContext,
  args: Record<string, unknown>,
  text: string | null,
  replyMessageId: string,
): Promise<ComposedReply> {
  const spoken = stringArgument(args.successText) ?? text;
  const failureText = stringArgument(args.failureText) ?? spoken ?? 'Can’t record right now, texting you instead!';
  // The words said in the note; a text the model wrote beside the call is what the fan reads.
  const shown = text ?? spoken ?? '';
  try {
    if (!spoken) throw new Error('the model gave no words to say');
    const voice = context.config.voice;
    if (!voice) throw new Error('the talent has no voice');
    const audio = await deps.tts.synthesize({ text: spoken, voice, speaker: context.config.persona.name });
    const filePath = `talents/${context.talent.id}/voice-notes/${replyMessageId}.${audio.extension}`;
    await deps.storage.put(filePath, audio.bytes, audio.contentType);
    return { text: shown, attachments: [{ type: 'AUDIO', filePath, isUnlocked: false }], fallbackText: shown };
  } catch (error) {
    deps.log?.('voice note failed', { talentId: context.talent.id, error: errorText(error) });
    return { text: failureText, attachments: [], fallbackText: `${failureText}\n[voice note failed: ${errorText(error)}]` };
  }
}
