// @doppel/integrations/testing: local fakes that speak the real protocols, for tests and benchmarks.

export {
  type AppleTestChain,
  type AppleTestChainOptions,
  type AppleTestNotification,
  type AppleTestTransaction,
  createAppleTestChain,
} from './apple-certificates.ts';
export { FAKE_MP3_BYTES, type FakeElevenLabs, type FakeElevenLabsRequest, startFakeElevenLabs } from './fake-elevenlabs.ts';
export {
  type FakeChatRequest,
  type FakeOpenAi,
  type FakeOpenAiOptions,
  type FakeOpenAiReply,
  type FakeOpenAiRequest,
  startFakeOpenAi,
} from './fake-openai.ts';
export { streamTokens } from './fake-openai-stream.ts';
export {
  FAKE_TRANSCRIPT,
  type FakeTranscriptionReply,
  type FakeTranscriptionRequest,
} from './fake-openai-transcriptions.ts';
export {
  type FakePayPal,
  type FakePayPalBatch,
  type FakePayPalCreateFailure,
  type FakePayPalItem,
  type FakePayPalOptions,
  type FakePayPalOutcome,
  type FakePayPalRequest,
  startFakePayPal,
} from './fake-paypal.ts';
export { type FakePlay, type FakePlayOptions, type FakePlayPurchase, type FakePlayRequest, startFakePlay } from './fake-play.ts';
export { createTestServiceAccount, type PlayTestServiceAccount } from './fake-play-accounts.ts';
export type { PubSubPushEnvelope } from './fake-play-notifications.ts';
export {
  type FakePushMessage,
  type FakePushRejection,
  type FakePushService,
  type FakePushSubscription,
  startFakePushService,
} from './fake-push-service.ts';
export { type FakeS3, type FakeS3Object, type FakeS3Options, type FakeS3Request, startFakeS3 } from './fake-s3.ts';
export {
  type FakeSentry,
  type FakeSentryEnvelope,
  type FakeSentryEvent,
  type FakeSentryItem,
  startFakeSentry,
} from './fake-sentry.ts';
export {
  type FakeStripe,
  type FakeStripeEvent,
  type FakeStripeFailure,
  type FakeStripeOptions,
  type FakeStripeRequest,
  startFakeStripe,
} from './fake-stripe.ts';
export {
  type FakeTelegram,
  type FakeTelegramBot,
  type FakeTelegramCall,
  type FakeTelegramFile,
  type FakeTelegramSent,
  type FakeTelegramUpdate,
  startFakeTelegram,
} from './fake-telegram.ts';
export {
  DEFAULT_FAKE_TOGETHER_BASES,
  FAKE_TOGETHER_ACCOUNT,
  type FakeTogether,
  type FakeTogetherFile,
  type FakeTogetherJob,
  startFakeTogether,
} from './fake-together.ts';
export { createRecordingTts, createScriptedLlm, type RecordingTts, type ScriptedLlm } from './in-memory.ts';
export { docxParts, makeDocx, makeLyingZipBomb, makePdf, makeZipBomb } from './knowledge-files.ts';
export { creditPackCheckout, monthlySubscriptionCheckout } from './stripe-fixtures.ts';
export { readWav, type WavInfo } from './wav-info.ts';
