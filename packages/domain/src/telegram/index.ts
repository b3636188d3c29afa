// Telegram (docs/telegram.md): creators' bots, the webhook's updates, fans chatting in Telegram.
export {
  getTelegramSettings,
  linkTelegramBot,
  telegramUnavailableMessage,
  telegramWebhookUrl,
  unlinkTelegramBot,
} from './bots.ts';
export {
  finishTelegramTurn,
  prepareTelegramTurn,
  type TelegramOutgoing,
  type TelegramTurn,
  telegramLinkTokenHash,
  telegramLinkTtlMs,
  telegramReplyTexts,
} from './conversation.ts';
export { linkTelegramAccount, telegramLinkInvalidMessage } from './link-account.ts';
export {
  type ReceiveOutcome,
  receiveTelegramUpdate,
  type TelegramUpdateJob,
  telegramChatIdOf,
} from './updates.ts';
