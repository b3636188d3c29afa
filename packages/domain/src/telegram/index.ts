// Telegram (docs/telegram.md): creators' bots, the webhook's updates, fans chatting in Telegram.
export {
  getTelegramSettings,
  linkTelegramBot,
  resealTelegramTokens,
  telegramUnavailableMessage,
  telegramWebhookUrl,
  unlinkTelegramBot,
} from './bots.ts';
export {
  finishTelegramTurn,
  prepareTelegramTurn,
  type TelegramTurn,
  telegramLinkTokenHash,
  telegramLinkTtlMs,
  telegramMessagesOf,
  telegramReplyMessages,
} from './conversation.ts';
export {
  deliverTelegramMessages,
  type TelegramDeliveryDeps,
  type TelegramFileRef,
  type TelegramOutgoing,
  type TelegramTarget,
  telegramFileOf,
} from './delivery.ts';
export { prepareTelegramForward, queueReachOutForwards, queueTelegramForward, type TelegramForwardJob } from './forward.ts';
export { linkTelegramAccount, telegramLinkInvalidMessage } from './link-account.ts';
export { TelegramPacer, type TelegramPacingClock, telegramPacing } from './pacing.ts';
export {
  isSealedUnderCurrentKey,
  openTelegramToken,
  sealTelegramToken,
  type TelegramTokenKeys,
  telegramTokenKeys,
} from './token-crypto.ts';
export {
  type ReceiveOutcome,
  receiveTelegramUpdate,
  type TelegramUpdateJob,
  telegramChatIdOf,
} from './updates.ts';
