// The outside services the jobs need, built from the worker's env: the model (OpenAI or any
// compatible server, else the offline engine), text to speech (ElevenLabs, else espeak-ng), the
// file storage voice notes are written to (where the API serves files from: the S3 bucket or the
// local folder), PayPal Payouts when configured (the payout poll), and Web Push (broadcast notifications).
import { PassageVectors, QuestionVectors, TwinMaterialCache } from '@doppel/domain/chat/reply';
import type { FileStorage } from '@doppel/domain/ports';
import { TelegramPacer, telegramTokenKeys } from '@doppel/domain/telegram';
import {
  createCrisisCheck,
  createDevOutboxMailer,
  createDocumentReader,
  createFileStorage,
  createFineTuningRegistry,
  createLlm,
  createLlmRouter,
  createOfflineLlm,
  createPayPalPayouts,
  createSmtpMailer,
  createSpeechToText,
  createTelegramBotApi,
  createTts,
  createUnconfiguredTts,
  createWebPageFetcher,
  createWebPush,
  defaultPayPalApiUrl,
  defaultWebPushSubject,
  fileStorageConfig,
} from '@doppel/integrations';
import { type WorkerEnv, workerFilesDir } from '../env.ts';
import type { WorkerServices } from './types.ts';

export function createWorkerServices(env: WorkerEnv): WorkerServices {
  const smtp = env.SMTP_URL ? createSmtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM }) : null;
  return {
    // The model override is applied by the reply use case, so the ChatPrompt records the model really used.
    llm: createLlm({
      openAiApiKey: env.OPENAI_API_KEY,
      openAiBaseUrl: env.OPENAI_BASE_URL,
      openAiEmbeddingModel: env.OPENAI_EMBEDDING_MODEL,
      openAiModeration: env.OPENAI_MODERATION === 'on',
    }),
    llmRouter: createLlmRouter({ togetherApiKey: env.TOGETHER_API_KEY, togetherBaseUrl: env.TOGETHER_BASE_URL }),
    llmModelOverride: env.OPENAI_CHAT_MODEL,
    tts: createTts({ elevenLabsApiKey: env.ELEVENLABS_API_KEY, elevenLabsBaseUrl: env.ELEVENLABS_BASE_URL }),
    storage: createFileStorage(fileStorageConfig(workerFilesDir(env), env)),
    questionVectors: new QuestionVectors(),
    passageVectors: new PassageVectors(),
    // Replies only: a quality run reads the twin's material as it is this instant.
    twinMaterial: new TwinMaterialCache(),
    fineTuning: createFineTuningRegistry({
      openAiApiKey: env.OPENAI_API_KEY,
      openAiBaseUrl: env.OPENAI_BASE_URL,
      togetherApiKey: env.TOGETHER_API_KEY,
      togetherBaseUrl: env.TOGETHER_BASE_URL,
    }),
    payPal:
      env.PAYPAL_CLIENT_ID && env.PAYPAL_CLIENT_SECRET
        ? createPayPalPayouts({
            clientId: env.PAYPAL_CLIENT_ID,
            clientSecret: env.PAYPAL_CLIENT_SECRET,
            baseUrl: env.PAYPAL_API_URL ?? defaultPayPalApiUrl,
          })
        : null,
    mail: {
      mailerFor: (db) => smtp ?? createDevOutboxMailer(db, () => {}),
      publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    },
    webPush: {
      port: createWebPush(),
      subject: env.WEB_PUSH_SUBJECT ?? defaultWebPushSubject,
      ratePerSecond: env.WEB_PUSH_RATE_PER_SECOND,
    },
    telegram: {
      port: createTelegramBotApi({ apiRoot: env.TELEGRAM_API_ROOT }),
      publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
      freeCredits: env.FAN_FREE_CREDITS,
      pacer: new TelegramPacer(),
      tokenKey: telegramTokenKeys(env.TELEGRAM_TOKEN_KEY),
      speechToText: createSpeechToText({
        openAiApiKey: env.OPENAI_API_KEY,
        openAiBaseUrl: env.OPENAI_BASE_URL,
        openAiTranscribeModel: env.OPENAI_TRANSCRIBE_MODEL,
      }),
      crisisCheck: createCrisisCheck({
        openAiApiKey: env.OPENAI_API_KEY,
        openAiBaseUrl: env.OPENAI_BASE_URL,
        openAiModeration: env.OPENAI_MODERATION === 'on',
      }),
    },
    // Offline by nature: the readers are libraries, and the fetcher reaches public addresses only.
    knowledge: { reader: createDocumentReader(), fetcher: createWebPageFetcher() },
    quality: { maxCases: env.QUALITY_MAX_CASES, maxTokens: env.QUALITY_MAX_TOKENS, judgeModel: env.QUALITY_JUDGE_MODEL },
  };
}

const noStorage: FileStorage = {
  put: async () => {
    throw new Error('This worker was started without file storage');
  },
  read: async () => undefined,
  exists: async () => false,
  remove: async () => {},
};

/** For a worker started without services (tests of other jobs): offline model, no voice, no files. */
export function createOfflineWorkerServices(): WorkerServices {
  return {
    llm: createOfflineLlm(),
    tts: createUnconfiguredTts(),
    storage: noStorage,
    questionVectors: new QuestionVectors(),
    knowledge: { reader: createDocumentReader(), fetcher: createWebPageFetcher() },
    passageVectors: new PassageVectors(),
  };
}
