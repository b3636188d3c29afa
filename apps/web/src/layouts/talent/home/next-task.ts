import type { NextTask } from '@doppel/validation';

/** What the "Power up your AI twin" card says and links to for each rung of the ladder (docs/product-rules.md#task-ladder). */
export const nextTaskDetails: Record<
  NextTask,
  { title: string; description: string; path: string | null; action: string | null }
> = {
  UPLOAD_IMAGES: {
    title: 'Upload images',
    description: 'Add photos your twin can share with fans.',
    path: '/settings/gallery',
    action: 'Upload images',
  },
  SET_VOICE: {
    title: 'Set your voice',
    description: 'Pick the voice your twin speaks with in voice notes.',
    path: '/settings/voice',
    action: 'Choose a voice',
  },
  DEFINE_CONVERSATION_STARTERS: {
    title: 'Define conversation starters',
    description: 'Give fans a few questions to open the chat with.',
    path: '/settings/conversation-starters',
    action: 'Add starters',
  },
  COMPLETE: {
    title: 'Your twin is fully powered up',
    description: 'Everything is set. Share your link and watch the chats come in.',
    path: null,
    action: null,
  },
};

/** The ring's fill, 0 to 100. */
export const progressPercent = (done: number, total: number): number =>
  total <= 0 ? 100 : Math.round((Math.min(Math.max(done, 0), total) / total) * 100);
