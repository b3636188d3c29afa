export type { AgeVerdict, AgeVerification } from './age-verification.ts';
export { type CrisisCheck, type CrisisSignal, type FanMessageCheck, selfHarmCategories, selfHarmIn } from './crisis-check.ts';
export type { ErrorContext, ErrorReporter } from './error-reporter.ts';
export { contentTypeOfPath, type FileStorage, isSafeStoragePath, type StoredFile } from './file-storage.ts';
export {
  type FineTuningJobState,
  type FineTuningPort,
  FineTuningRefusedError,
  type FineTuningRegistry,
  type TrainingProvider,
} from './fine-tuning.ts';
export type { ImageDimensions, ImageFormat, ImageProcessing, NormalisedImage } from './images.ts';
export {
  type DocumentReader,
  type ExtractedDocument,
  type ExtractedSection,
  type FetchedPage,
  KnowledgeSourceError,
  type WebPageFetcher,
} from './knowledge.ts';
export {
  type FanMemoryNote,
  type LlmCompleteOptions,
  LlmError,
  type LlmFunction,
  type LlmMessage,
  type LlmPort,
  type LlmRequest,
  type LlmResponse,
  type LlmTokenUsage,
  type MemoryExtractionRequest,
  type ModelCheck,
  type ModerationVerdict,
  type OfflineMaterial,
} from './llm.ts';
export type { Email, Mailer } from './mailer.ts';
export {
  type AppStore,
  type CardPayments,
  type CheckoutClosed,
  type CheckoutRequest,
  type HostedCheckout,
  type PaymentEvent,
  type PaymentEventIgnored,
  type PaymentProviderName,
  type PaymentRef,
  type PaymentReinstated,
  type PaymentReversed,
  type PaymentSucceeded,
  PaymentVerificationError,
  type PlayStore,
  type Price,
  type ProviderPaymentIds,
  type StorePurchase,
  type SubscriptionEnded,
  type SubscriptionRenewalChanged,
  type VerifiedProviderEvent,
} from './payments.ts';
export {
  type BankDebtor,
  type BankFileContent,
  type BankFileWriter,
  type BankTransfer,
  PayPalPayoutError,
  type PayPalPayoutRequest,
  type PayPalPayoutState,
  type PayPalPayouts,
  type ProviderPayoutState,
} from './payouts.ts';
export {
  assertSpeechWithinLimits,
  type SpeechClip,
  type SpeechToText,
  SpeechToTextError,
  type SpeechToTextErrorCode,
  speechLimits,
  speechMessages,
  type Transcript,
} from './speech-to-text.ts';
export {
  type TelegramBotInfo,
  type TelegramButton,
  type TelegramCallbackButton,
  type TelegramDownload,
  TelegramError,
  type TelegramFile,
  type TelegramLinkButton,
  type TelegramPort,
  type TelegramSentMessage,
} from './telegram.ts';
export { type SynthesisInput, type SynthesizedAudio, TtsError, type TtsPort, type VoiceSettings } from './tts.ts';
export type { PushOutcome, PushTarget, VapidDetails, VapidKeys, WebPushPort } from './web-push.ts';
