// The one place every background job is declared: its dotted name, its payload schema, the queue
// settings pg-boss creates it with, and its schedule. It lives in a package (not in the worker app)
// so the API can enqueue inside its own transactions. Handlers live one per file in
// apps/worker/src/jobs and are wired up in handlers.ts there; the worker creates every queue below
// at start.
import { z } from 'zod';

/** Queue settings applied with createQueue/updateQueue at every start, so the database follows the code. */
export type QueueSettings = {
  /**
   * pg-boss queue policy; it also decides what a singletonKey deduplicates: `standard` keys only
   * throttle with singletonSeconds, `stately` allows one queued and one active job per key.
   */
  policy: 'standard' | 'stately' | 'exclusive' | 'singleton' | 'short';
  /** Attempts after the first; 0 means a failure is final. */
  retryLimit: number;
  /** Seconds before the first retry. */
  retryDelay: number;
  /** Doubles the delay on each retry (with jitter), capped by retryDelayMax. */
  retryBackoff: boolean;
  retryDelayMax?: number;
  /** Seconds a job may stay active before pg-boss treats it as lost and retries it. */
  expireInSeconds: number;
  /**
   * With it, a working job's worker touches it every half of this (pg-boss heartbeats), and a job
   * whose worker died (kill -9, a lost machine) is retried once it goes this long untouched, found
   * by the worker's supervisor within `superviseIntervalSeconds` (boss.ts), instead of after
   * `expireInSeconds`. At least 10 (pg-boss).
   */
  heartbeatSeconds?: number;
  /** Seconds a job may wait in created/retry before it is dropped. */
  retentionSeconds: number;
  /** Seconds a finished job is kept for inspection. */
  deleteAfterSeconds: number;
  /**
   * Wake idle workers with a NOTIFY as the job is inserted (committed with the sender's
   * transaction). Only for jobs a person waits on: each notifying send serialises its commit.
   */
  notify: boolean;
};

export type WorkSettings = {
  /** Idle poll when no NOTIFY wakes the queue (and the backstop when the listener is down). */
  pollingIntervalSeconds: number;
  /** Jobs of this queue one worker process runs at once. */
  concurrency: number;
  /**
   * For queues that fill with a backlog (a broadcast's chunks): each of the `concurrency` loops
   * fetches this many jobs at once, runs them together, and fetches again at once while batches
   * come back full (pg-boss burst mode), instead of waiting `pollingIntervalSeconds` between jobs.
   */
  batchSize?: number;
  /**
   * Wake the queue's worker when a transaction that enqueued one of its jobs commits, through the
   * live feed's batched notification (see enqueue), instead of a NOTIFY in every sending
   * transaction.
   */
  wakeOnChange?: boolean;
  /**
   * For jobs a person waits on, whose worker may die mid-job (kill -9, a lost machine): the
   * worker touches each running job every `refreshSeconds`, and every worker retries a job left
   * untouched for `afterSeconds` (stalled-jobs.ts), within seconds of the death. pg-boss's own
   * heartbeat check (`heartbeatSeconds`, at least 10, swept every 10 s) stays as the backstop.
   * A live but frozen worker loses its job the same way, so the handler must be idempotent.
   */
  stalled?: { refreshSeconds: number; afterSeconds: number };
};

export type JobDefinition<Payload extends z.ZodType = z.ZodType> = {
  description: string;
  payload: Payload;
  queue: QueueSettings;
  work: WorkSettings;
  /** Cron (UTC) on which the job is sent with the given payload; absent = on demand only. */
  schedule?: { cron: string; payload: z.input<Payload> };
};

function defineJob<Payload extends z.ZodType>(definition: JobDefinition<Payload>): JobDefinition<Payload> {
  return definition;
}

const minute = 60;
const hour = 60 * minute;
const day = 24 * hour;

export const jobCatalog = {
  'session.cleanup': defineJob({
    description:
      'Deletes sessions past their inactivity or absolute expiry and expired sign-in tokens, and forgets where anonymous fans older than the limit window came from',
    payload: z.strictObject({ trigger: z.enum(['schedule', 'manual']).default('manual') }),
    queue: {
      // One run queued and one running is plenty; a manual run while one waits is a no-op.
      policy: 'stately',
      retryLimit: 3,
      retryDelay: 30,
      retryBackoff: true,
      retryDelayMax: 10 * minute,
      expireInSeconds: 5 * minute,
      retentionSeconds: day,
      deleteAfterSeconds: 7 * day,
      notify: false,
    },
    work: { pollingIntervalSeconds: 2, concurrency: 1 },
    schedule: { cron: '*/15 * * * *', payload: { trigger: 'schedule' } },
  }),
  'account.export': defineJob({
    description: 'Writes a person\'s "Download my data" ZIP to file storage and emails them the link (docs/safety.md)',
    payload: z.strictObject({ exportId: z.string().min(1) }),
    queue: {
      // One job per request; the handler skips a request that is no longer REQUESTED.
      policy: 'standard',
      retryLimit: 3,
      retryDelay: 30,
      retryBackoff: true,
      retryDelayMax: 10 * minute,
      // Reading a busy creator's files and zipping them fits well inside ten minutes.
      expireInSeconds: 10 * minute,
      retentionSeconds: day,
      deleteAfterSeconds: 7 * day,
      // A person waits for the email, but minutes are fine: no per-send NOTIFY.
      notify: false,
    },
    work: { pollingIntervalSeconds: 5, concurrency: 1 },
  }),
  'account.exports-expire': defineJob({
    description: 'Deletes the files of "Download my data" ZIPs past their expiry (the requests stay, shown as expired)',
    payload: z.strictObject({ trigger: z.enum(['schedule', 'manual']).default('manual') }),
    queue: {
      policy: 'stately',
      retryLimit: 3,
      retryDelay: 60,
      retryBackoff: true,
      retryDelayMax: 30 * minute,
      expireInSeconds: 10 * minute,
      retentionSeconds: day,
      deleteAfterSeconds: 7 * day,
      notify: false,
    },
    work: { pollingIntervalSeconds: 10, concurrency: 1 },
    schedule: { cron: '17 * * * *', payload: { trigger: 'schedule' } },
  }),
  'system.ping': defineJob({
    description: 'Round trip through the queue; proves a worker is up and measures its wake-up latency',
    payload: z.strictObject({ sentAt: z.iso.datetime().optional() }),
    queue: {
      policy: 'standard',
      retryLimit: 0,
      retryDelay: 0,
      retryBackoff: false,
      expireInSeconds: 30,
      retentionSeconds: hour,
      deleteAfterSeconds: day,
      notify: true,
    },
    work: { pollingIntervalSeconds: 0.5, concurrency: 1 },
  }),
  'chat.reply': defineJob({
    description: "Writes the twin's answer to one fan message (model or offline engine), at most once per message",
    payload: z.strictObject({
      chatId: z.string().min(1),
      /** The fan message to answer; chat_messages.replyToMessageId is unique, so a retry cannot answer twice. */
      messageId: z.string().min(1),
    }),
    queue: {
      // One job per fan message; the handler's idempotency (unique replyToMessageId) is what stops a
      // second answer, so the plain policy suffices and keeps the send path cheap.
      policy: 'standard',
      // A model hiccup deserves a few quick retries; past that the fan gets the fallback text.
      retryLimit: 3,
      // 1 s, 2 s, 4 s: a reply retried after its worker died (stalled-jobs.ts) waits only a second.
      retryDelay: 1,
      retryBackoff: true,
      retryDelayMax: 30,
      // A model call plus TTS fits well inside two minutes; a job active longer is treated as lost.
      expireInSeconds: 2 * minute,
      // A fan is waiting: a reply whose worker died (kill -9, a crash the supervisor restarts) is
      // retried once its heartbeat lapses, in seconds, not after the two minutes above.
      heartbeatSeconds: 10,
      retentionSeconds: hour,
      deleteAfterSeconds: 7 * day,
      // No per-send NOTIFY: it would serialise every send's commit. The send's change events wake
      // the worker instead (work.wakeOnChange), batched by the live feed.
      notify: false,
    },
    // A fan is watching the typing indicator: wake at once through the live feed, poll as a backstop.
    // A fan waits: a reply whose worker died is retried 5 s after its last touch (a live worker
    // touches it every second), so it comes well inside the 15 s the fan may wait.
    work: {
      pollingIntervalSeconds: 0.5,
      concurrency: 4,
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
      retryLimit: 3,
      retryDelay: 5,
      retryBackoff: true,
      retryDelayMax: 2 * minute,
      // One small model call: a job active longer than this is lost.
      expireInSeconds: 2 * minute,
      // Nobody waits on it: a memory that comes a minute late is still remembered for the next reply.
      retentionSeconds: hour,
      deleteAfterSeconds: day,
      notify: false,
    },
    // Woken by the reply's commit, so a fan's next message usually already sees the new memory.
    work: { pollingIntervalSeconds: 2, concurrency: 2, wakeOnChange: true },
  }),
  'chat.drafts-expire': defineJob({
    description:
      "Sends as drafted, or drops and refunds, as each creator chose, the twin's replies held for approval longer than the creator's hold limit",
    payload: z.strictObject({ trigger: z.enum(['schedule', 'manual']).default('manual') }),
    queue: {
      // One run queued and one running; each draft is decided once under its row lock anyway.
      policy: 'stately',
      retryLimit: 3,
      retryDelay: 10,
      retryBackoff: true,
      retryDelayMax: minute,
      expireInSeconds: 5 * minute,
      retentionSeconds: day,
      deleteAfterSeconds: 7 * day,
      notify: false,
    },
    work: { pollingIntervalSeconds: 5, concurrency: 1 },
    // Every minute: a held reply goes out at most about a minute after its limit.
    schedule: { cron: '* * * * *', payload: { trigger: 'schedule' } },
  }),
  'chat.held-reply-push': defineJob({
    description:
      "Tells the twin's managers' subscribed browsers that a reply waits for their approval, unless the draft was decided meanwhile, dropping subscriptions their push service says are gone",
    payload: z.strictObject({
      /** The held reply (reply_drafts.id), enqueued in the transaction that stores it. */
      draftId: z.string().min(1),
    }),
    queue: {
      // One job per draft, enqueued with it; a repeat only replaces the notification on the device.
      policy: 'standard',
      retryLimit: 3,
      retryDelay: 30,
      retryBackoff: true,
      retryDelayMax: 10 * minute,
      // A handful of browsers: seconds at most.
      expireInSeconds: 5 * minute,
      // A notification an hour late is noise: the dashboard already shows the draft.
      retentionSeconds: hour,
      deleteAfterSeconds: 7 * day,
      notify: false,
    },
    // The creator hears of the reply while the fan still waits: woken by the hold's commit.
    work: { pollingIntervalSeconds: 2, concurrency: 2, wakeOnChange: true },
  }),
  'models.health': defineJob({
    description:
      'Pings every model in use (app, talents, fine-tuned versions, embeddings) and stores a check or cross per model for the admin status page',
    payload: z.strictObject({ trigger: z.enum(['schedule', 'manual']).default('manual') }),
    queue: {
      // One run queued and one running: "Check now" pressed while a run waits adds nothing.
      policy: 'stately',
      // A model that is down is a result, not a failure; only a database hiccup throws, and the next
      // scheduled run is five minutes away anyway.
      retryLimit: 2,
      retryDelay: 30,
      retryBackoff: true,
      retryDelayMax: 2 * minute,
      // Each ping times out after 30 s and a few run at once; a run still active after this is lost.
      expireInSeconds: 5 * minute,
      // A check nobody ran within the hour is stale: the schedule has sent a newer one.
      retentionSeconds: hour,
      deleteAfterSeconds: day,
      notify: false,
    },
    // An admin may be waiting on "Check now": the send's change event wakes the worker at once.
    work: { pollingIntervalSeconds: 5, concurrency: 1, wakeOnChange: true },
    schedule: { cron: '*/5 * * * *', payload: { trigger: 'schedule' } },
  }),
  'models.fine-tune': defineJob({
    description:
      'Advances one model version through fine-tuning: uploads its examples, creates the provider job, polls it until it succeeds or fails (resumable after a crash)',
    payload: z.strictObject({
      /** One version; absent = every version still uploading or fine-tuning (the schedule's sweep). */
      versionId: z.string().min(1).optional(),
      trigger: z.enum(['schedule', 'manual']).default('manual'),
    }),
    queue: {
      // One queued and one active job per version (singletonKey = version id).
      policy: 'stately',
      retryLimit: 5,
      retryDelay: 10,
      retryBackoff: true,
      retryDelayMax: 10 * minute,
      expireInSeconds: 10 * minute,
      // A worker killed mid-step (an upload, a poll) is noticed in seconds; the step is safe to repeat.
      heartbeatSeconds: 10,
      retentionSeconds: day,
      deleteAfterSeconds: 7 * day,
      notify: false,
    },
    // An admin watches the version move to Fine Tuning: the send's change event wakes the worker.
    work: { pollingIntervalSeconds: 5, concurrency: 2, wakeOnChange: true },
    schedule: { cron: '*/5 * * * *', payload: { trigger: 'schedule' } },
  }),
  'payouts.paypal-poll': defineJob({
    description:
      'Asks PayPal about sent PayPal payouts (one, or every one still pending) and marks each EXECUTED or FAILED once PayPal settles it',
    payload: z.strictObject({
      /** One payout (right after it was sent); absent = every sent payout still pending. */
      payoutId: z.string().min(1).optional(),
      trigger: z.enum(['schedule', 'manual']).default('manual'),
    }),
    queue: {
      policy: 'standard',
      retryLimit: 3,
      retryDelay: 60,
      retryBackoff: true,
      retryDelayMax: 30 * minute,
      expireInSeconds: 5 * minute,
      retentionSeconds: day,
      deleteAfterSeconds: 7 * day,
      notify: false,
    },
    work: { pollingIntervalSeconds: 5, concurrency: 1 },
    schedule: { cron: '*/10 * * * *', payload: { trigger: 'schedule' } },
  }),
  'payouts.settle': defineJob({
    description:
      "Checks every talent's ledger against its earning frames and held payouts, and resets total_payout_amount from the ledger where it drifted",
    payload: z.strictObject({ trigger: z.enum(['schedule', 'manual']).default('manual') }),
    queue: {
      policy: 'stately',
      retryLimit: 2,
      retryDelay: 60,
      retryBackoff: true,
      expireInSeconds: 30 * minute,
      retentionSeconds: day,
      deleteAfterSeconds: 7 * day,
      notify: false,
    },
    work: { pollingIntervalSeconds: 10, concurrency: 1 },
    schedule: { cron: '17 * * * *', payload: { trigger: 'schedule' } },
  }),
  'broadcasts.prepare': defineJob({
    description:
      "Fixes a due broadcast's audience into its recipients, cut into send chunks, and enqueues a send job per chunk (one transaction); without an id, sweeps due, stalled and unfinished broadcasts",
    payload: z.strictObject({
      /** One broadcast (sent at its scheduledAt); absent = the minute sweep. */
      broadcastId: z.string().min(1).optional(),
      trigger: z.enum(['schedule', 'manual']).default('manual'),
    }),
    queue: {
      // One queued and one active job per broadcast (singletonKey = broadcast id); a sweep is idempotent.
      policy: 'stately',
      retryLimit: 5,
      retryDelay: 10,
      retryBackoff: true,
      retryDelayMax: 5 * minute,
      // Preparing is one set-based statement: seconds even for a large audience.
      expireInSeconds: 5 * minute,
      retentionSeconds: 7 * day,
      deleteAfterSeconds: 7 * day,
      heartbeatSeconds: 10,
      notify: false,
    },
    // Scheduled jobs wait for their startAfter; "run now" from the ops CLI wakes the worker.
    work: { pollingIntervalSeconds: 2, concurrency: 1, wakeOnChange: true },
    schedule: { cron: '* * * * *', payload: { trigger: 'schedule' } },
  }),
  'broadcasts.send': defineJob({
    description:
      "Delivers one chunk of a broadcast: its messages into each recipient's chat (one per chat and broadcast), the sent count, one live event; the last chunk completes the broadcast",
    payload: z.strictObject({ broadcastId: z.string().min(1), chunk: z.number().int().nonnegative() }),
    queue: {
      // One queued and one active job per chunk (singletonKey = `{broadcastId}:{chunk}`), so a sweep
      // that re-sends a chunk still waiting adds nothing; the unique (broadcast, chat) key does the rest.
      policy: 'stately',
      retryLimit: 10,
      retryDelay: 5,
      retryBackoff: true,
      retryDelayMax: 5 * minute,
      // A chunk is one insert and two updates; one still active after this is lost.
      expireInSeconds: 2 * minute,
      retentionSeconds: 7 * day,
      deleteAfterSeconds: 7 * day,
      heartbeatSeconds: 10,
      notify: false,
    },
    // Chunks queue up by the hundred: two at a time, fetched again at once while more wait.
    work: { pollingIntervalSeconds: 1, concurrency: 1, batchSize: 2, wakeOnChange: true },
  }),
  'broadcasts.push': defineJob({
    description:
      "Sends a sent chunk's push notifications to its fans' subscribed browsers at a bounded rate, dropping subscriptions their push service says are gone",
    payload: z.strictObject({ broadcastId: z.string().min(1), chunk: z.number().int().nonnegative() }),
    queue: {
      policy: 'stately',
      retryLimit: 3,
      retryDelay: 30,
      retryBackoff: true,
      retryDelayMax: 10 * minute,
      // A chunk's notifications at the bounded rate take well under this.
      expireInSeconds: 10 * minute,
      retentionSeconds: day,
      deleteAfterSeconds: 7 * day,
      heartbeatSeconds: 10,
      notify: false,
    },
    work: { pollingIntervalSeconds: 2, concurrency: 1, wakeOnChange: true },
  }),
} satisfies Record<string, JobDefinition>;

export type JobCatalog = typeof jobCatalog;
export type JobName = keyof JobCatalog;
/** What a caller passes to enqueue (defaults not yet applied). */
export type JobPayloadInput<Name extends JobName> = z.input<JobCatalog[Name]['payload']>;
/** What a handler receives, after validation. */
export type JobPayload<Name extends JobName> = z.output<JobCatalog[Name]['payload']>;

export const jobNames = Object.keys(jobCatalog) as JobName[];

/** While NOTIFY is live, polling is only a slow safety net. */
export const notifyBackstopPollingSeconds = 10;

/** Where a job lands once its retries are used up; kept a month for `ops jobs` and `ops redrive`. */
export function deadLetterQueueName(name: JobName): string {
  return `${name}.dead`;
}

export const deadLetterQueueSettings: QueueSettings = {
  policy: 'standard',
  retryLimit: 0,
  retryDelay: 0,
  retryBackoff: false,
  expireInSeconds: 15 * minute,
  retentionSeconds: 30 * day,
  deleteAfterSeconds: 30 * day,
  notify: false,
};

export function isJobName(value: string): value is JobName {
  return Object.hasOwn(jobCatalog, value);
}

export class InvalidJobPayloadError extends Error {
  override name = 'InvalidJobPayloadError';
  readonly issues: z.core.$ZodIssue[];
  constructor(jobName: string, error: z.ZodError) {
    super(`invalid payload for ${jobName}: ${z.prettifyError(error).replaceAll('\n', '; ')}`);
    this.issues = error.issues;
  }
}

/** Validates a payload against the job's schema and applies its defaults. */
export function parseJobPayload<Name extends JobName>(name: Name, payload: unknown): JobPayload<Name> {
  const result = jobCatalog[name].payload.safeParse(payload);
  if (!result.success) throw new InvalidJobPayloadError(name, result.error);
  return result.data as JobPayload<Name>;
}
