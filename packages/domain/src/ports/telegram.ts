// Port of the Telegram Bot API (docs/telegram.md). Every call names the bot by its token: a server
// speaks for every twin's bot. The adapter (packages/integrations/src/telegram) uses grammY; tests
// point it at the fake Bot API server (packages/integrations/src/testing/fake-telegram.ts).

/** What getMe says of a bot. */
export type TelegramBotInfo = { id: number; username: string; firstName: string };

/** A button under a message that opens a URL (an inline keyboard of one). */
export type TelegramLinkButton = { text: string; url: string };

/** A button that sends `data` back to the bot as a callback_query (at most 64 bytes). */
export type TelegramCallbackButton = { text: string; callbackData: string };

export type TelegramButton = TelegramLinkButton | TelegramCallbackButton;

/**
 * A file sent as a multipart upload of its bytes: `photo` (sendPhoto), `voice` (sendVoice: OGG/Opus
 * or MP3, shown as a voice note) or `audio` (sendAudio: any other sound file, shown as a track).
 */
export type TelegramFile = { kind: 'photo' | 'voice' | 'audio'; bytes: Uint8Array; fileName: string; caption?: string };

/** A file downloaded from Telegram: its bytes and its path there (whose extension names the format). */
export type TelegramDownload = { bytes: Uint8Array; filePath: string };

/** What Telegram says of a message it accepted: its id in the chat. */
export type TelegramSentMessage = { messageId: number };

/**
 * A call Telegram refused or could not be reached for. `unauthorized`: the token is not a bot's
 * (401/404 from the Bot API); `refused`: any other error answer (its description in the message);
 * `unreachable`: no answer (network, timeout).
 */
export class TelegramError extends Error {
  override name = 'TelegramError';
  readonly kind: 'unauthorized' | 'refused' | 'unreachable';
  /** Set on a 429 (too many requests): the seconds Telegram asks to wait before the next call. */
  retryAfterSeconds?: number;
  constructor(kind: 'unauthorized' | 'refused' | 'unreachable', message: string) {
    super(message);
    this.kind = kind;
  }
}

export type TelegramPort = {
  /** The bot behind `token`; TelegramError `unauthorized` for a token that is no bot's. */
  getMe(token: string): Promise<TelegramBotInfo>;
  /** Points the bot's updates at `url`, each delivery carrying `secretToken` in its header. */
  setWebhook(token: string, webhook: { url: string; secretToken: string }): Promise<void>;
  /** Stops the bot's webhook deliveries. */
  deleteWebhook(token: string): Promise<void>;
  sendMessage(token: string, chatId: number, text: string, options?: { button?: TelegramButton }): Promise<TelegramSentMessage>;
  /** A photo, voice note or audio file, uploaded (multipart) with an optional caption. */
  sendFile(token: string, chatId: number, file: TelegramFile): Promise<TelegramSentMessage>;
  /** Ends the button's spinner for `callbackQueryId`, with a short notice when `text` is given. */
  answerCallback(token: string, callbackQueryId: string, text?: string): Promise<void>;
  /**
   * A file a user sent (a voice note), by its file_id: getFile, then its bytes from the file URL
   * (`{apiRoot}/file/bot{token}/{file_path}`). The Bot API serves files up to 20 MB.
   */
  downloadFile(token: string, fileId: string): Promise<TelegramDownload>;
  /** "typing…" in the chat for a few seconds, or until the next message. */
  sendTyping(token: string, chatId: number): Promise<void>;
};
