// Fans' chats with a twin: replies, memories, held replies.
import { z } from 'zod';
import { defineJob, type JobDefinition } from './definition.ts';
import {
  backoff,
  day,
  defaultKeep,
  hour,
  keep,
  minute,
  onSchedule,
  pushNotificationQueue,
  pushNotificationWork,
  triggerOnly,
} from './presets.ts';

export const chatJobs = {
  'chat.reply': defineJob({
    description: "Writes the twin's answer to one fan message (model or offline engine), at most once per message",
    payload: z.strictObject({
      chatId: z.string().min(1),
      /** The fan message to answer; chat_messages.replyToMessageId is unique, so a retry cannot answer twice. */
      messageId: z.string().min(1),
      /**
       * The moderation endpoint's verdict on that message, asked by the send's crisis check: the job
       * uses it instead of asking again. Absent (offline, or the call failed): the job asks itself.
       */
      moderation: z.strictObject({ flagged: z.boolean(), categories: z.array(z.string()) }).optional(),
    }),
    queue: {
      // One job per fan message, keyed by its chat (`key` below): a chat's replies are written one
      // at a time, in the order its messages were sent, a retry before the next message included,
      // while other chats' run at once. The handler's idempotency (unique replyToMessageId) is what
      // stops a second answer.
      policy: 'key_strict_fifo',
      // A model hiccup deserves a few quick retries; past that the fan gets the fallback text.
      // 1 s, 2 s, 4 s: a reply retried after its worker died (stalled-jobs.ts) waits only a second.
      ...backoff({ retries: 3, firstDelay: 1, maxDelay: 30 }),
      // A model call plus TTS fits well inside two minutes; a job active longer is treated as lost.
      expireInSeconds: 2 * minute,
      // A fan is waiting: a reply whose worker died (kill -9, a crash the supervisor restarts) is
      // retried once its heartbeat lapses, in seconds, not after the two minutes above.
      heartbeatSeconds: 10,
      ...keep({ waiting: hour, finished: 7 * day }),
      // No per-send NOTIFY: it would serialise every send's commit. The send's change events wake
      // the worker instead (work.wakeOnChange), batched by the live feed.
      notify: false,
    },
    // A fan is watching the typing indicator: wake at once through the live feed, poll as a backstop.
    // A fan waits: a reply whose worker died is retried 5 s after its last touch (a live worker
    // touches it every second), so it comes well inside the 15 s the fan may wait.
    key: (payload) => payload.chatId,
    // A reply mostly waits on the model: one worker holds hundreds at once (REPLY_CONCURRENCY, the
    // worker's env, overrides this default; docs/chat-engine.md#reply-throughput). 1,024: with replies
    // of 2 to 5 s, 200 a second need 400 to 1,000 in flight; 256 capped a worker at about 128 a second.
    work: {
      pollingIntervalSeconds: 0.5,
      concurrency: 1024,
      pump: true,
      wakeOnChange: true,
      stalled: { refreshSeconds: 1, afterSeconds: 5 },
    },
  }),
  'chat.remember': defineJob({
    description:
      "Learns what a fan told the twin about themselves in one exchange (the model with a JSON schema, or the offline rules) and keeps it as the fan's memory with that twin",
    payload: z.strictObject({
      chatId: z.string().min(1),
      /** The answered fan message; its notes are stored once (a lock per message and a unique note per fan and twin). */
      messageId: z.string().min(1),
    }),
    queue: {
      // One job per answered fan message, enqueued with the reply; the handler is idempotent.
      policy: 'standard',
      ...backoff({ retries: 3, firstDelay: 5, maxDelay: 2 * minute }),
      // One small model call: a job active longer than this is lost.
      expireInSeconds: 2 * minute,
      // Nobody waits on it: a memory that comes a minute late is still remembered for the next reply.
      ...keep({ waiting: hour, finished: day }),
      notify: false,
    },
    // Woken by the reply's commit, so a fan's next message usually already sees the new memory.
    work: { pollingIntervalSeconds: 2, concurrency: 2, wakeOnChange: true },
  }),
  'chat.drafts-expire': defineJob({
    description:
      "Sends as drafted, or drops and refunds, as each creator chose, the twin's replies held for approval longer than the creator's hold limit",
    payload: triggerOnly,
    queue: {
      // One run queued and one running; each draft is decided once under its row lock anyway.
      policy: 'stately',
      ...backoff({ retries: 3, firstDelay: 10, maxDelay: minute }),
      expireInSeconds: 5 * minute,
      ...defaultKeep,
      notify: false,
    },
    work: { pollingIntervalSeconds: 5, concurrency: 1 },
    // Every minute: a held reply goes out at most about a minute after its limit.
    schedule: onSchedule('* * * * *'),
  }),
  'chat.held-reply-push': defineJob({
    description:
      "Tells the twin's managers' subscribed browsers that a reply waits for their approval, unless the draft was decided meanwhile, dropping subscriptions their push service says are gone",
    payload: z.strictObject({
      /** The held reply (reply_drafts.id), enqueued in the transaction that stores it. */
      draftId: z.string().min(1),
    }),
    queue: pushNotificationQueue,
    // The creator hears of the reply while the fan still waits.
    work: pushNotificationWork,
  }),
} satisfies Record<string, JobDefinition>;
