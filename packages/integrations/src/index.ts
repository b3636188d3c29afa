// @doppel/integrations: adapters for the domain's ports (packages/domain/src/ports). Fakes that speak
// the real protocols for tests live in the separate entry @doppel/integrations/testing.
export { createDeclaredAgeVerification } from './age/declared-age-verification.ts';
export { createErrorReporter, type ErrorReporterConfig } from './errors/create-error-reporter.ts';
export { createLogOnlyErrorReporter } from './errors/log-error-reporter.ts';
export { createSentryErrorReporter, type SentryConfig } from './errors/sentry-error-reporter.ts';
export {
  createFileStorage,
  describeFileStorage,
  type FileStorageConfig,
  fileStorageConfig,
  type S3Settings,
} from './files/create-file-storage.ts';
export { createLocalDiskStorage } from './files/local-disk-storage.ts';
export { createS3Storage, type S3StorageConfig } from './files/s3-storage.ts';
export {
  createFineTuning,
  createFineTuningRegistry,
  type FineTuningConfig,
  type FineTuningRegistryConfig,
} from './fine-tuning/create-fine-tuning.ts';
export { DEFAULT_TOGETHER_BASE_URL } from './fine-tuning/together-fine-tuning.ts';
export { createSharpImages } from './images/sharp-images.ts';
export { isPublicAddress } from './knowledge/address-guard.ts';
export { createDocumentReader, type DocumentReaderConfig } from './knowledge/document-reader.ts';
export {
  createWebPageFetcher,
  maxRedirects,
  type ResolvedAddress,
  type WebPageFetcherConfig,
} from './knowledge/web-page-fetcher.ts';
export { createLlm, type LlmConfig } from './llm/create-llm.ts';
export { checkChatEndpoint } from './llm/endpoint-check.ts';
export { createLlmRouter, type LlmRouter, type LlmRouterConfig } from './llm/llm-router.ts';
export { createOfflineLlm, offlineReply } from './llm/offline-llm.ts';
export {
  createOpenAiLlm,
  DEFAULT_EMBEDDING_MODEL,
  DEFAULT_OPENAI_TIMEOUT_MS,
  type OpenAiLlmConfig,
} from './llm/openai-llm.ts';
export { createDevOutboxMailer } from './mail/dev-outbox-mailer.ts';
export { createSmtpMailer, defaultMailFrom } from './mail/smtp-mailer.ts';
export { type AppStoreConfig, createAppStore } from './payments/app-store.ts';
export { createPlayStore, type PlayStoreConfig } from './payments/play-store.ts';
export { createSandboxCardPayments } from './payments/sandbox-card-payments.ts';
export { createStripeCardPayments, type StripeCardPaymentsConfig } from './payments/stripe-card-payments.ts';
export { createPain001BankFileWriter } from './payouts/pain001.ts';
export { createPayPalPayouts, defaultPayPalApiUrl, type PayPalPayoutsConfig } from './payouts/paypal-payouts.ts';
export { createWebPush, defaultWebPushSubject, type WebPushConfig } from './push/web-push.ts';
export { type CrisisCheckConfig, createCrisisCheck } from './safety/create-crisis-check.ts';
export { matchCrisisPhrase, normaliseForCrisis } from './safety/crisis-phrases.ts';
export { createOpenAiCrisisCheck } from './safety/openai-crisis-check.ts';
export { createPhraseCrisisCheck } from './safety/phrase-crisis-check.ts';
export {
  createSpeechToText,
  createUnavailableSpeechToText,
  type SpeechToTextConfig,
} from './stt/create-speech-to-text.ts';
export {
  createOpenAiSpeechToText,
  DEFAULT_TRANSCRIBE_MODEL,
  type OpenAiSpeechToTextConfig,
} from './stt/openai-speech-to-text.ts';
export {
  createTelegramBotApi,
  defaultTelegramApiRoot,
  type TelegramConfig,
  telegramTokenPattern,
} from './telegram/grammy-telegram.ts';
export {
  cosineSimilarity,
  hashedEmbedding,
  OFFLINE_EMBEDDING_DIMENSIONS,
  tokenize,
} from './text/hashed-embedding.ts';
export { createTts, createUnconfiguredTts, TTS_NOT_CONFIGURED_MESSAGE, type TtsConfig } from './tts/create-tts.ts';
export {
  createElevenLabsTts,
  DEFAULT_ELEVENLABS_BASE_URL,
  type ElevenLabsTtsConfig,
} from './tts/elevenlabs-tts.ts';
export { createEspeakWasmTts, type EspeakWasmTtsConfig } from './tts/espeak-wasm-tts.ts';
