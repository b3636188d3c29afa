// Fans chatting with a twin in Telegram (docs/telegram.md).
import { z } from 'zod';
import { defineJob, type JobDefinition } from './definition.ts';
import { backoff, day, hour, keep, minute } from './presets.ts';

export const telegramJobs = {
  'telegram.update': defineJob({
    description:
      "Handles one update Telegram delivered to a twin's bot (a fan's message or command): charged and answered as in the app, the answer sent back with the Bot API",
    payload: z.strictObject({
      /** telegram_updates.id: the stored update, processed once (its processedAt). */
      updateId: z.string().min(1),
      /** The Telegram bot and chat ("{botId}:{chatId}"): one chat's updates run one at a time, in order. */
      chatKey: z.string().min(1),
    }),
    queue: {
      // As chat.reply: keyed by the Telegram chat, so a chat's messages are answered in the order
      // Telegram delivered them, a retry before the next one, while other chats run at once.
      policy: 'key_strict_fifo',
      ...backoff({ retries: 3, firstDelay: 2, maxDelay: minute }),
      // The reply is written inside this job (the model or the offline engine), so as long as chat.reply's.
      expireInSeconds: 3 * minute,
      heartbeatSeconds: 10,
      ...keep({ waiting: hour, finished: 7 * day }),
      notify: false,
    },
    key: (payload) => payload.chatKey,
    // A fan is waiting in Telegram: woken by the webhook's commit through the live feed.
    work: { pollingIntervalSeconds: 1, concurrency: 32, pump: true, wakeOnChange: true },
  }),
  'telegram.forward': defineJob({
    description: 'Sends a held reply the creator approved (or edited) to the Telegram chat its fan message came from, once',
    payload: z.strictObject({
      /** chat_messages.id of the twin's reply (the draft's id). */
      messageId: z.string().min(1),
      /** The Telegram bot and chat ("{botId}:{chatId}"), as telegram.update's key. */
      chatKey: z.string().min(1),
    }),
    queue: {
      // One chat's forwards in order; each part is sent once (telegram_sends), so a retry resumes.
      policy: 'key_strict_fifo',
      ...backoff({ retries: 5, firstDelay: 2, maxDelay: minute }),
      expireInSeconds: minute,
      heartbeatSeconds: 10,
      ...keep({ waiting: day, finished: 7 * day }),
      notify: false,
    },
    key: (payload) => payload.chatKey,
    work: { pollingIntervalSeconds: 1, concurrency: 8, pump: true, wakeOnChange: true },
  }),
} satisfies Record<string, JobDefinition>;
