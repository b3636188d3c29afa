// The twin's Telegram bot (talent.telegram.*; docs/telegram.md): link with BotFather's token
// (verified by Telegram), see the bot's @username, unlink. Only for a talent the caller manages
// (talentProcedure). The token is never sent back.
import { getTelegramSettings, linkTelegramBot, telegramTokenKeys, unlinkTelegramBot } from '@doppel/domain/telegram';
import { telegramLinkBotInput, telegramSettingsOutput } from '@doppel/validation';
import { router, talentProcedure } from '../trpc/procedures.ts';

export const talentTelegramRouter = router({
  get: talentProcedure
    .output(telegramSettingsOutput)
    .query(({ ctx }) => getTelegramSettings(ctx.db, ctx.talentId, ctx.env.TELEGRAM_ENABLED)),

  link: talentProcedure
    .input(telegramLinkBotInput)
    .output(telegramSettingsOutput)
    .mutation(({ ctx, input }) =>
      linkTelegramBot(
        {
          db: ctx.db,
          write: ctx.write,
          telegram: ctx.telegram,
          publicUrl: ctx.env.PUBLIC_URL,
          tokenKey: telegramTokenKeys(ctx.env.TELEGRAM_TOKEN_KEY),
        },
        { talentId: ctx.talentId, userId: ctx.user.id, token: input.token, available: ctx.env.TELEGRAM_ENABLED },
      ),
    ),

  unlink: talentProcedure
    .output(telegramSettingsOutput)
    .mutation(({ ctx }) =>
      unlinkTelegramBot(
        { db: ctx.db, write: ctx.write, telegram: ctx.telegram, tokenKey: telegramTokenKeys(ctx.env.TELEGRAM_TOKEN_KEY) },
        { talentId: ctx.talentId, available: ctx.env.TELEGRAM_ENABLED },
      ),
    ),
});
