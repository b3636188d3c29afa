// A local Telegram Bot API server for tests, speaking the real protocol: POST (or GET)
// /bot<token>/<method> with JSON, form or query parameters, answered {ok, result} or
// {ok: false, error_code, description} with the same HTTP status (401 Unauthorized for a token it
// does not know, 404 Not Found for an unknown method, 400 Bad Request for bad parameters). It
// knows getMe, setWebhook (secret_token), deleteWebhook, getWebhookInfo, sendMessage,
// sendChatAction, sendPhoto/sendVoice/sendAudio (a multipart/form-data upload whose file field is
// named by the parameter's attach://<id>, as grammY's InputFile sends it), answerCallbackQuery and
// getFile, serves the files fans sent at the file URL (GET /file/bot<token>/<file_path>),
// records every call, and plays Telegram's side of a webhook: it POSTs updates (messages, voice
// notes, photos, inline button presses) to the bot's webhook URL with
// X-Telegram-Bot-Api-Secret-Token, as Telegram does.
import { randomBytes } from 'node:crypto';
import { listen, readBody, sendJson } from './http.ts';

export type FakeTelegramCall = { token: string; method: string; params: Record<string, unknown> };

/** A message the bot sent (sendMessage), as the fake stored it. */
export type FakeTelegramSent = {
  token: string;
  chatId: number;
  text: string;
  messageId: number;
  replyMarkup: unknown;
};

/** A file the bot uploaded (sendPhoto, sendVoice, sendAudio), as the fake stored it. */
export type FakeTelegramFile = {
  token: string;
  chatId: number;
  method: 'sendPhoto' | 'sendVoice' | 'sendAudio';
  fileName: string;
  bytes: Buffer;
  caption: string | null;
  messageId: number;
};

export type FakeTelegramUpdate = Record<string, unknown> & { update_id: number };

export type FakeTelegramBot = { token: string; id: number; username: string; firstName: string };

export type FakeTelegram = {
  /** http://127.0.0.1:<port>: grammY's apiRoot (TELEGRAM_API_ROOT). */
  origin: string;
  /** A bot BotFather would hand out: a fresh token the fake knows. */
  createBot: (username: string) => FakeTelegramBot;
  /** Every call with a known token, in arrival order. */
  calls: FakeTelegramCall[];
  /** Every sendMessage, in arrival order; `chatId` narrows to one chat. */
  sent: (token: string, chatId?: number) => FakeTelegramSent[];
  /** Every file uploaded, in arrival order; `chatId` narrows to one chat. */
  files: (token: string, chatId?: number) => FakeTelegramFile[];
  /** Every answerCallbackQuery: the query id and its notice. */
  callbackAnswers: (token: string) => { callbackQueryId: string; text: string | null }[];
  /** The bot's next sending call is answered 429 Too Many Requests with `retry_after` (seconds). */
  floodNext: (token: string, retryAfterSeconds: number) => void;
  /** The webhook setWebhook left (null after deleteWebhook). */
  webhookOf: (token: string) => { url: string; secretToken: string | null } | null;
  /**
   * A private text message from `from` as the next update of the bot; not delivered yet
   * (deliver it, twice if a test wants a redelivery).
   */
  textUpdate: (token: string, message: { from: { id: number; firstName?: string }; text: string }) => FakeTelegramUpdate;
  /** A press of an inline button (callback_data `data`) under the bot's message `messageId`. */
  callbackUpdate: (token: string, press: { from: { id: number }; data: string; messageId?: number }) => FakeTelegramUpdate;
  /**
   * A private voice note (voice), audio file (audio) or photo (photo) from `from`, as Telegram
   * describes them (file ids only). A voice note or audio file is kept, so getFile and the file
   * URL serve `bytes` (default a few bytes of OGG); `duration` and `fileSize` are what the update
   * declares (default 2 seconds and the bytes' length).
   */
  mediaUpdate: (
    token: string,
    message: {
      from: { id: number };
      kind: 'voice' | 'audio' | 'photo';
      bytes?: Uint8Array;
      duration?: number;
      fileSize?: number;
    },
  ) => FakeTelegramUpdate;
  /** The file paths downloaded from the file URL, in order. */
  downloads: (token: string) => string[];
  /**
   * POSTs `update` to the bot's webhook as Telegram does (the secret token header unless
   * `secretToken` overrides it; null sends none) and gives the status it was answered.
   */
  deliver: (token: string, update: FakeTelegramUpdate, options?: { secretToken?: string | null }) => Promise<number>;
  close: () => Promise<void>;
};

type BotState = FakeTelegramBot & {
  webhook: { url: string; secretToken: string | null } | null;
  nextUpdateId: number;
  nextMessageId: number;
  floodRetryAfter: number | null;
};

class BotApiError extends Error {
  readonly status: number;
  readonly description: string;
  readonly parameters: Record<string, unknown> | undefined;
  constructor(status: number, description: string, parameters?: Record<string, unknown>) {
    super(description);
    this.status = status;
    this.description = description;
    this.parameters = parameters;
  }
}

/** The calls that send a message: what Telegram's flood limits apply to. */
const sendingMethods = new Set(['sendMessage', 'sendPhoto', 'sendVoice', 'sendAudio']);

const secretTokenPattern = /^[A-Za-z0-9_-]{1,256}$/;

/** An uploaded file part of a multipart request, under the field name attach:// refers to. */
type Upload = { fileName: string; bytes: Buffer };

/** Splits multipart/form-data as the Bot API reads it: text fields as strings, file parts as uploads. */
function parseMultipart(body: Buffer, boundary: string): Record<string, unknown> {
  const params: Record<string, unknown> = {};
  const delimiter = Buffer.from(`--${boundary}`);
  let start = body.indexOf(delimiter);
  while (start !== -1) {
    const partStart = start + delimiter.length;
    if (body.subarray(partStart, partStart + 2).toString() === '--') break;
    const next = body.indexOf(delimiter, partStart);
    if (next === -1) throw new BotApiError(400, 'Bad Request: unterminated multipart body');
    // Each part: CRLF, headers, a blank line, the content, then CRLF before the next delimiter.
    const part = body.subarray(partStart + 2, next - 2);
    const headerEnd = part.indexOf('\r\n\r\n');
    if (headerEnd === -1) throw new BotApiError(400, 'Bad Request: malformed multipart part');
    const headers = part.subarray(0, headerEnd).toString('utf8');
    const content = part.subarray(headerEnd + 4);
    const disposition = /content-disposition:\s*form-data;\s*name="([^"]+)"(?:;\s*filename="?([^"\r\n]*)"?)?/i.exec(headers);
    if (!disposition?.[1]) throw new BotApiError(400, 'Bad Request: multipart part without a name');
    params[disposition[1]] =
      disposition[2] !== undefined
        ? ({ fileName: disposition[2], bytes: Buffer.from(content) } satisfies Upload)
        : content.toString('utf8');
    start = next;
  }
  return params;
}

async function readRawBody(request: import('node:http').IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function readParams(request: import('node:http').IncomingMessage, url: URL): Promise<Record<string, unknown>> {
  const params: Record<string, unknown> = Object.fromEntries(url.searchParams);
  if (request.method !== 'POST') return params;
  const type = request.headers['content-type'] ?? '';
  const multipart = /^multipart\/form-data;\s*boundary=("?)([^";]+)\1/i.exec(type);
  if (multipart?.[2]) return { ...params, ...parseMultipart(await readRawBody(request), multipart[2]) };
  const body = await readBody(request);
  if (!body) return params;
  if (type.startsWith('application/json')) {
    try {
      return { ...params, ...(JSON.parse(body) as Record<string, unknown>) };
    } catch {
      throw new BotApiError(400, "Bad Request: can't parse JSON object");
    }
  }
  if (type.startsWith('application/x-www-form-urlencoded'))
    return { ...params, ...Object.fromEntries(new URLSearchParams(body)) };
  throw new BotApiError(400, 'Bad Request: unsupported content type');
}

const chatIdOf = (value: unknown): number => {
  const id = typeof value === 'string' ? Number(value) : value;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) throw new BotApiError(400, 'Bad Request: chat not found');
  return id;
};

/** The upload a file parameter names (attach://<field>); a file_id or URL is not stored by this fake. */
function uploadOf(params: Record<string, unknown>, key: string): Upload {
  const value = params[key];
  const field = typeof value === 'string' ? /^attach:\/\/(.+)$/.exec(value)?.[1] : undefined;
  const upload = field ? params[field] : value;
  if (typeof upload !== 'object' || upload === null || !('bytes' in upload)) {
    throw new BotApiError(400, `Bad Request: there is no ${key} in the request`);
  }
  if ((upload as Upload).bytes.length === 0) throw new BotApiError(400, 'Bad Request: file must be non-empty');
  return upload as Upload;
}

/** What a fan's voice note holds when a test gives no bytes: the start of an OGG page, enough for a fake. */
const defaultVoiceBytes = new Uint8Array([0x4f, 0x67, 0x67, 0x53, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0]);

export async function startFakeTelegram(): Promise<FakeTelegram> {
  const bots = new Map<string, BotState>();
  /** Files fans sent, by file_id: what getFile describes and the file URL serves. */
  const incoming = new Map<string, { token: string; filePath: string; bytes: Buffer }>();
  const downloaded: { token: string; filePath: string }[] = [];
  const calls: FakeTelegramCall[] = [];
  const sentMessages: FakeTelegramSent[] = [];
  const sentFiles: FakeTelegramFile[] = [];
  const answers: { token: string; callbackQueryId: string; text: string | null }[] = [];
  let nextCallbackId = 1;
  let nextBotId = 7_000_000_000;

  const botUser = (bot: BotState) => ({ id: bot.id, is_bot: true, first_name: bot.firstName, username: bot.username });

  const sendFile = (bot: BotState, params: Record<string, unknown>, method: FakeTelegramFile['method'], key: string) => {
    const chatId = chatIdOf(params.chat_id);
    const upload = uploadOf(params, key);
    const caption = typeof params.caption === 'string' ? params.caption : null;
    const messageId = bot.nextMessageId++;
    sentFiles.push({ token: bot.token, chatId, method, fileName: upload.fileName, bytes: upload.bytes, caption, messageId });
    return {
      message_id: messageId,
      from: botUser(bot),
      chat: { id: chatId, type: 'private' },
      date: Math.floor(Date.now() / 1000),
      [key]:
        key === 'photo'
          ? [{ file_id: `photo-${messageId}`, width: 1, height: 1 }]
          : { file_id: `${key}-${messageId}`, duration: 1 },
      ...(caption ? { caption } : {}),
    };
  };

  const methods: Record<string, (bot: BotState, params: Record<string, unknown>) => unknown> = {
    getMe: (bot) => ({
      ...botUser(bot),
      can_join_groups: true,
      can_read_all_group_messages: false,
      supports_inline_queries: false,
    }),
    setWebhook: (bot, params) => {
      const url = typeof params.url === 'string' ? params.url : '';
      if (url === '') {
        bot.webhook = null;
        return true;
      }
      if (!/^https?:\/\//.test(url))
        throw new BotApiError(400, 'Bad Request: bad webhook: An HTTPS URL must be provided for webhook');
      const secret = params.secret_token;
      if (secret !== undefined && (typeof secret !== 'string' || !secretTokenPattern.test(secret))) {
        throw new BotApiError(400, 'Bad Request: secret token contains unallowed characters');
      }
      bot.webhook = { url, secretToken: typeof secret === 'string' ? secret : null };
      return true;
    },
    deleteWebhook: (bot) => {
      bot.webhook = null;
      return true;
    },
    getWebhookInfo: (bot) => ({ url: bot.webhook?.url ?? '', has_custom_certificate: false, pending_update_count: 0 }),
    sendMessage: (bot, params) => {
      const chatId = chatIdOf(params.chat_id);
      const text = typeof params.text === 'string' ? params.text : '';
      if (text.trim() === '') throw new BotApiError(400, 'Bad Request: message text is empty');
      if (text.length > 4096) throw new BotApiError(400, 'Bad Request: message is too long');
      const messageId = bot.nextMessageId++;
      sentMessages.push({ token: bot.token, chatId, text, messageId, replyMarkup: params.reply_markup ?? null });
      return {
        message_id: messageId,
        from: botUser(bot),
        chat: { id: chatId, type: 'private' },
        date: Math.floor(Date.now() / 1000),
        text,
        ...(params.reply_markup ? { reply_markup: params.reply_markup } : {}),
      };
    },
    sendPhoto: (bot, params) => sendFile(bot, params, 'sendPhoto', 'photo'),
    sendVoice: (bot, params) => sendFile(bot, params, 'sendVoice', 'voice'),
    sendAudio: (bot, params) => sendFile(bot, params, 'sendAudio', 'audio'),
    answerCallbackQuery: (bot, params) => {
      if (typeof params.callback_query_id !== 'string' || params.callback_query_id === '') {
        throw new BotApiError(400, 'Bad Request: query is too old and response timeout expired or query ID is invalid');
      }
      answers.push({
        token: bot.token,
        callbackQueryId: params.callback_query_id,
        text: typeof params.text === 'string' ? params.text : null,
      });
      return true;
    },
    getFile: (bot, params) => {
      const fileId = typeof params.file_id === 'string' ? params.file_id : '';
      const file = incoming.get(fileId);
      if (!file || file.token !== bot.token) throw new BotApiError(400, 'Bad Request: invalid file_id');
      return { file_id: fileId, file_unique_id: `u-${fileId}`, file_size: file.bytes.length, file_path: file.filePath };
    },
    sendChatAction: (_bot, params) => {
      chatIdOf(params.chat_id);
      if (typeof params.action !== 'string') throw new BotApiError(400, 'Bad Request: wrong parameter action in request');
      return true;
    },
  };

  const server = await listen(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    // The file URL: plain GET of the bytes, 404 for a path it does not know (as Telegram's is).
    const fileMatch = /^\/file\/bot([^/]+)\/(.+)$/.exec(url.pathname);
    if (fileMatch) {
      const token = decodeURIComponent(fileMatch[1] ?? '');
      const filePath = decodeURIComponent(fileMatch[2] ?? '');
      const file = [...incoming.values()].find((f) => f.token === token && f.filePath === filePath);
      if (!file || request.method !== 'GET') {
        sendJson(response, 404, { ok: false, error_code: 404, description: 'Not Found' });
        return;
      }
      downloaded.push({ token, filePath });
      response.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': file.bytes.length });
      response.end(file.bytes);
      return;
    }
    try {
      const match = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
      if (!match) throw new BotApiError(404, 'Not Found');
      const [, token = '', method = ''] = match;
      const bot = bots.get(decodeURIComponent(token));
      if (!bot) throw new BotApiError(401, 'Unauthorized');
      const handler = Object.hasOwn(methods, method) ? methods[method] : undefined;
      if (!handler) throw new BotApiError(404, 'Not Found');
      const params = await readParams(request, url);
      calls.push({ token: bot.token, method, params });
      if (bot.floodRetryAfter !== null && sendingMethods.has(method)) {
        const retryAfter = bot.floodRetryAfter;
        bot.floodRetryAfter = null;
        throw new BotApiError(429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter });
      }
      sendJson(response, 200, { ok: true, result: handler(bot, params) });
    } catch (error) {
      const refusal = error instanceof BotApiError ? error : new BotApiError(500, `Internal Server Error: ${String(error)}`);
      sendJson(response, refusal.status, {
        ok: false,
        error_code: refusal.status,
        description: refusal.description,
        ...(refusal.parameters ? { parameters: refusal.parameters } : {}),
      });
    }
  });

  const botOf = (token: string): BotState => {
    const bot = bots.get(token);
    if (!bot) throw new Error(`the fake Telegram has no bot with token ${token}`);
    return bot;
  };

  return {
    origin: server.origin,
    createBot(username) {
      const id = nextBotId++;
      const token = `${id}:${randomBytes(26).toString('base64url')}`;
      const bot: BotState = {
        token,
        id,
        username,
        firstName: username,
        webhook: null,
        nextUpdateId: 100_000,
        nextMessageId: 1,
        floodRetryAfter: null,
      };
      bots.set(token, bot);
      return { token, id, username, firstName: username };
    },
    calls,
    sent: (token, chatId) => sentMessages.filter((m) => m.token === token && (chatId === undefined || m.chatId === chatId)),
    files: (token, chatId) => sentFiles.filter((f) => f.token === token && (chatId === undefined || f.chatId === chatId)),
    callbackAnswers: (token) =>
      answers.filter((a) => a.token === token).map(({ callbackQueryId, text }) => ({ callbackQueryId, text })),
    callbackUpdate(token, press) {
      const bot = botOf(token);
      const updateId = bot.nextUpdateId++;
      const from = { id: press.from.id, is_bot: false, first_name: 'Fan', language_code: 'en' };
      return {
        update_id: updateId,
        callback_query: {
          id: `${bot.id}${nextCallbackId++}`,
          from,
          chat_instance: `${press.from.id}`,
          data: press.data,
          message: {
            message_id: press.messageId ?? 1,
            from: botUser(bot),
            chat: { id: press.from.id, type: 'private', first_name: from.first_name },
            date: Math.floor(Date.now() / 1000),
          },
        },
      };
    },
    mediaUpdate(token, message) {
      const bot = botOf(token);
      const updateId = bot.nextUpdateId++;
      const from = { id: message.from.id, is_bot: false, first_name: 'Fan', language_code: 'en' };
      let media: Record<string, unknown>;
      if (message.kind === 'photo') {
        media = { photo: [{ file_id: `photo-in-${updateId}`, file_unique_id: `p${updateId}`, width: 90, height: 90 }] };
      } else {
        const fileId = `${message.kind}-in-${updateId}`;
        const bytes = Buffer.from(message.bytes ?? defaultVoiceBytes);
        const filePath = message.kind === 'voice' ? `voice/file_${updateId}.oga` : `music/file_${updateId}.mp3`;
        incoming.set(fileId, { token, filePath, bytes });
        media = {
          [message.kind]: {
            file_id: fileId,
            file_unique_id: `${message.kind[0]}${updateId}`,
            duration: message.duration ?? 2,
            mime_type: message.kind === 'voice' ? 'audio/ogg' : 'audio/mpeg',
            file_size: message.fileSize ?? bytes.length,
          },
        };
      }
      return {
        update_id: updateId,
        message: {
          message_id: updateId,
          from,
          chat: { id: message.from.id, type: 'private', first_name: from.first_name },
          date: Math.floor(Date.now() / 1000),
          ...media,
        },
      };
    },
    downloads: (token) => downloaded.filter((d) => d.token === token).map((d) => d.filePath),
    webhookOf: (token) => botOf(token).webhook,
    floodNext(token, retryAfterSeconds) {
      botOf(token).floodRetryAfter = retryAfterSeconds;
    },
    textUpdate(token, message) {
      const bot = botOf(token);
      const updateId = bot.nextUpdateId++;
      const from = { id: message.from.id, is_bot: false, first_name: message.from.firstName ?? 'Fan', language_code: 'en' };
      return {
        update_id: updateId,
        message: {
          message_id: updateId,
          from,
          chat: { id: message.from.id, type: 'private', first_name: from.first_name },
          date: Math.floor(Date.now() / 1000),
          text: message.text,
          ...(message.text.startsWith('/')
            ? { entities: [{ type: 'bot_command', offset: 0, length: message.text.split(/\s/)[0]?.length ?? 0 }] }
            : {}),
        },
      };
    },
    async deliver(token, update, options = {}) {
      const webhook = botOf(token).webhook;
      if (!webhook) throw new Error('the bot has no webhook');
      const secret = options.secretToken === undefined ? webhook.secretToken : options.secretToken;
      const response = await fetch(webhook.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(secret ? { 'x-telegram-bot-api-secret-token': secret } : {}) },
        body: JSON.stringify(update),
      });
      await response.arrayBuffer();
      return response.status;
    },
    close: server.close,
  };
}
