// Telegram (talent.telegram.*, chat.telegram.*; docs/telegram.md): the creator links a bot with the
// token BotFather gave them; a fan links their Telegram to their account with a one-time link.
import { z } from 'zod';

export const telegramTokenMessage = 'Paste the token BotFather gave you, such as 123456789:AAE…';

/** BotFather's token: the bot's numeric id, a colon, then a secret of URL-safe characters. */
export const telegramLinkBotInput = z.object({
  token: z
    .string()
    .trim()
    .min(1, 'Paste the token BotFather gave you')
    .max(200, telegramTokenMessage)
    .regex(/^\d{1,20}:[A-Za-z0-9_-]{20,100}$/, telegramTokenMessage),
});
export type TelegramLinkBotInput = z.infer<typeof telegramLinkBotInput>;

export const telegramSettingsOutput = z.object({
  /** False while the server has no public address Telegram could deliver to (PUBLIC_URL unset): linking is off. */
  available: z.boolean(),
  /** The linked bot; its token is never sent back. */
  bot: z.object({ username: z.string(), linkedAt: z.string() }).nullable(),
});
export type TelegramSettings = z.infer<typeof telegramSettingsOutput>;

/** The fan's one-time link from the bot's /link command (the token in its URL). */
export const telegramLinkAccountInput = z.object({
  token: z.string().trim().min(1, 'This link is incomplete. Send /link to the bot again.').max(200, 'This link is not valid.'),
});

export const telegramLinkAccountOutput = z.object({
  /** The twin whose bot gave the link, to open its chat in the app. */
  tag: z.string().nullable(),
});
