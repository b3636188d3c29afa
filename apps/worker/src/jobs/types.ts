import type { Database, ReplyDraftBatcher } from '@doppel/db';
import type { PassageVectors, QuestionVectors, TwinMaterialCache } from '@doppel/domain/chat/reply';
import type {
  CrisisCheck,
  DocumentReader,
  FileStorage,
  FineTuningRegistry,
  LlmPort,
  Mailer,
  PayPalPayouts,
  SpeechToText,
  TelegramPort,
  TtsPort,
  WebPageFetcher,
  WebPushPort,
} from '@doppel/domain/ports';
import type { QualityRunDeps } from '@doppel/domain/quality';
import type { TelegramPacer, TelegramTokenKeys } from '@doppel/domain/telegram';
import type { LlmRouter } from '@doppel/integrations';
import type { EnqueueOptions, JobName, JobPayload, JobPayloadInput } from '@doppel/jobs';
import type { Logger } from '@doppel/logging';

/** Outside services handlers use (the chat.reply job: model, text to speech, file storage). */
export type WorkerServices = {
  llm: LlmPort;
  /** Where a twin's fine-tuned version answers (Together, a registered endpoint, offline); absent: `llm`. */
  llmRouter?: LlmRouter;
  /** OPENAI_CHAT_MODEL: replaces every talent's model when set. */
  llmModelOverride?: string;
  tts: TtsPort;
  storage: FileStorage;
  /** FAQ question vectors this worker has read or computed with `llm`, kept for the next replies. */
  questionVectors?: QuestionVectors;
  /** Each twin's knowledge passage vectors this worker has read, kept until a source changes. */
  passageVectors?: PassageVectors;
  /** Each twin's FAQ, corrections and knowledge sources lists, kept a few seconds and forgotten on any change to them. */
  twinMaterial?: TwinMaterialCache;
  /** PayPal Payouts when configured (the payouts.paypal-poll job); null or absent otherwise. */
  payPal?: PayPalPayouts | null;
  /** Fine-tuning (the models.fine-tune job): each configured provider, and the offline fine-tuner. */
  fineTuning?: FineTuningRegistry;
  /** Web Push (the broadcasts.push and chat.held-reply-push jobs); needs no configuration, so every worker built from env has it. */
  webPush?: WebPushServices;
  /** Email (the account.export job's link): SMTP when configured, else the development outbox. */
  mail?: MailServices;
  /** Reading creators' files and web pages (the knowledge.ingest job); needs no configuration. */
  knowledge?: KnowledgeServices;
  /** The quality.run job's bounds and judge; absent: the domain's defaults. */
  quality?: QualitySettings;
  /** The telegram.update job: the Bot API, the app's address for links, a new fan's free credits. */
  telegram?: TelegramServices;
};

export type TelegramServices = {
  port: TelegramPort;
  /** PUBLIC_URL: where /link and checkout buttons point. */
  publicUrl: string;
  /** FAN_FREE_CREDITS: what a new Telegram fan gets, as an anonymous fan of the app. */
  freeCredits: number;
  /** The crisis check of every fan message (docs/safety.md), asked before the send's transaction. */
  crisisCheck: CrisisCheck;
  /** The key bot tokens are sealed with at rest (TELEGRAM_TOKEN_KEY, else the development key). */
  tokenKey: TelegramTokenKeys;
  /** Fans' voice notes to text (OpenAI, else unavailable); absent: voice notes get the type-instead line. */
  speechToText?: SpeechToText;
  /** This process's pacing of each bot and chat (Telegram's limits); absent: no pacing. */
  pacer?: TelegramPacer;
};

export type QualitySettings = {
  /** QUALITY_MAX_CASES: cases one run answers at most. */
  maxCases?: number;
  /** QUALITY_MAX_TOKENS: the length one answer may reach. */
  maxTokens?: number;
  /** QUALITY_JUDGE_MODEL: the model that scores answers when a model key is set. */
  judgeModel?: string;
  /**
   * The engine answering for the twin's default (null) or a version; absent: the worker's model
   * with the version's fine-tuned model id (per-provider routing plugs in here).
   */
  llmFor?: QualityRunDeps['llmFor'];
};

export type KnowledgeServices = { reader: DocumentReader; fetcher: WebPageFetcher };

export type MailServices = {
  /** The mailer; given the job's database so the development outbox writes where the API reads. */
  mailerFor: (db: Database) => Mailer;
  /** PUBLIC_URL: the address emailed links start with. */
  publicUrl: string;
};

export type WebPushServices = {
  port: WebPushPort;
  /** WEB_PUSH_SUBJECT: the contact push services see in the VAPID JWT. */
  subject: string;
  /** WEB_PUSH_RATE_PER_SECOND: notifications per second this worker hands out; default the domain's. */
  ratePerSecond?: number;
};

/**
 * Sends another job (a follow-up poll, a broadcast's next step), inside the handler's transaction
 * when given `tx`; absent when a handler is called outside a worker (tests).
 */
export type FollowUp = <Name extends JobName>(
  name: Name,
  payload: JobPayloadInput<Name>,
  options?: EnqueueOptions,
) => Promise<void>;

/** Sends many jobs of one queue in one insert inside the handler's transaction (a broadcast's chunks). */
export type FollowUpMany = <Name extends JobName>(
  name: Name,
  jobs: ReadonlyArray<{ payload: JobPayloadInput<Name>; singletonKey?: string }>,
  options: Required<Pick<EnqueueOptions, 'tx'>>,
) => Promise<void>;

export type JobContext = {
  db: Database;
  log: Logger;
  job: { id: string; name: JobName; retryCount: number };
  services: WorkerServices;
  followUp?: FollowUp;
  followUpMany?: FollowUpMany;
  /** The worker's batched draft announcements (chat.reply); absent outside a worker: one NOTIFY per draft. */
  drafts?: ReplyDraftBatcher;
};

/** Stored as the job's output (visible in `ops jobs`), so plain JSON only. */
export type JobOutput = Record<string, string | number | boolean | null>;

/** A handler must be idempotent: pg-boss runs a job again after a crash or an expiry. */
export type JobHandler<Name extends JobName> = (payload: JobPayload<Name>, context: JobContext) => Promise<JobOutput>;
