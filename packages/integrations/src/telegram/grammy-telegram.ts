// The Telegram port over grammY's Bot API client (docs/telegram.md). grammY is only the client
// here: updates arrive at our own webhook route and are processed by a job, so no Bot instance,
// middleware or polling is used. `apiRoot` points it at the fake Bot API server in tests (or a
// self-hosted Bot API server).
import { type TelegramBotInfo, type TelegramButton, TelegramError, type TelegramPort } from '@doppel/domain/ports';
import { Api, GrammyError, HttpError, InputFile } from 'grammy';
import type { InlineKeyboardButton } from 'grammy/types';

export type TelegramConfig = {
  /** TELEGRAM_API_ROOT: default https://api.telegram.org (no trailing slash). */
  apiRoot?: string | undefined;
  /** Seconds one call may take; grammY's default (500) suits long polling, not a webhook's answer. */
  timeoutSeconds?: number;
};

export const defaultTelegramApiRoot = 'https://api.telegram.org';

/** A token as BotFather hands it out: the bot's numeric id, a colon, then 35 or so URL-safe characters. */
export const telegramTokenPattern = /^\d{1,20}:[A-Za-z0-9_-]{20,100}$/;

function keyboardOf(button: TelegramButton): { inline_keyboard: InlineKeyboardButton[][] } {
  return {
    inline_keyboard: [
      ['url' in button ? { text: button.text, url: button.url } : { text: button.text, callback_data: button.callbackData }],
    ],
  };
}

function translate(error: unknown, method: string): TelegramError {
  if (error instanceof GrammyError) {
    // The Bot API answers 401 Unauthorized for a token it does not know, 404 for a malformed one.
    if (error.error_code === 401 || error.error_code === 404) {
      return new TelegramError('unauthorized', 'Telegram does not know this bot token.');
    }
    const refused = new TelegramError('refused', `Telegram refused ${method}: ${error.description}`);
    // 429 Too Many Requests: Telegram says when to try again (parameters.retry_after, in seconds).
    if (error.error_code === 429 && typeof error.parameters.retry_after === 'number') {
      refused.retryAfterSeconds = error.parameters.retry_after;
    }
    return refused;
  }
  if (error instanceof HttpError) return new TelegramError('unreachable', `Telegram could not be reached (${method}).`);
  return new TelegramError('unreachable', `Telegram call ${method} failed: ${String(error)}`);
}

export function createTelegramBotApi(config: TelegramConfig = {}): TelegramPort {
  const apiRoot = (config.apiRoot ?? defaultTelegramApiRoot).replace(/\/+$/, '');
  const timeoutSeconds = config.timeoutSeconds ?? 20;
  const api = (token: string) => new Api(token, { apiRoot, timeoutSeconds });
  const call = async <T>(method: string, run: () => Promise<T>): Promise<T> => {
    try {
      return await run();
    } catch (error) {
      throw translate(error, method);
    }
  };
  return {
    async getMe(token): Promise<TelegramBotInfo> {
      // grammY would send a malformed token as it is; the Bot API answers 404 for it, as here.
      if (!telegramTokenPattern.test(token)) throw new TelegramError('unauthorized', 'Telegram does not know this bot token.');
      const me = await call('getMe', () => api(token).getMe());
      return { id: me.id, username: me.username, firstName: me.first_name };
    },
    async setWebhook(token, webhook) {
      await call('setWebhook', () =>
        api(token).setWebhook(webhook.url, {
          secret_token: webhook.secretToken,
          allowed_updates: ['message', 'callback_query'],
          drop_pending_updates: true,
        }),
      );
    },
    async deleteWebhook(token) {
      await call('deleteWebhook', () => api(token).deleteWebhook({ drop_pending_updates: true }));
    },
    async sendMessage(token, chatId, text, options = {}) {
      const sent = await call('sendMessage', () =>
        api(token).sendMessage(chatId, text, options.button ? { reply_markup: keyboardOf(options.button) } : {}),
      );
      return { messageId: sent.message_id };
    },
    async sendFile(token, chatId, file) {
      // The stored bytes go up as a multipart upload (grammY's InputFile), never as a URL Telegram would fetch.
      const input = new InputFile(file.bytes, file.fileName);
      const caption = file.caption ? { caption: file.caption } : {};
      const sent =
        file.kind === 'photo'
          ? await call('sendPhoto', () => api(token).sendPhoto(chatId, input, caption))
          : file.kind === 'voice'
            ? await call('sendVoice', () => api(token).sendVoice(chatId, input, caption))
            : await call('sendAudio', () => api(token).sendAudio(chatId, input, caption));
      return { messageId: sent.message_id };
    },
    async downloadFile(token, fileId) {
      const file = await call('getFile', () => api(token).getFile(fileId));
      if (!file.file_path) throw new TelegramError('refused', 'Telegram gave no path for this file.');
      const filePath = file.file_path;
      // grammY's Api has no download; the file URL is plain HTTPS GET with the token in the path.
      const response = await fetch(`${apiRoot}/file/bot${token}/${filePath}`, {
        signal: AbortSignal.timeout(timeoutSeconds * 1000),
      }).catch((error: unknown) => {
        throw new TelegramError('unreachable', `Telegram could not be reached (file download): ${String(error)}`);
      });
      if (!response.ok) throw new TelegramError('refused', `Telegram refused the file download (HTTP ${response.status}).`);
      return { bytes: new Uint8Array(await response.arrayBuffer()), filePath };
    },
    async answerCallback(token, callbackQueryId, text) {
      await call('answerCallbackQuery', () => api(token).answerCallbackQuery(callbackQueryId, text ? { text } : {}));
    },
    async sendTyping(token, chatId) {
      await call('sendChatAction', () => api(token).sendChatAction(chatId, 'typing'));
    },
  };
}
