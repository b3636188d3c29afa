// A fan's Telegram (telegram.*; docs/telegram.md): the one-time link a twin's bot gives with /link,
// opened in the app signed in, moves the Telegram fan into the account (credits, chats, memories).
import { linkTelegramAccount } from '@doppel/domain/telegram';
import { telegramLinkAccountInput, telegramLinkAccountOutput } from '@doppel/validation';
import { accountProcedure, router } from '../trpc/procedures.ts';

export const telegramRouter = router({
  linkAccount: accountProcedure
    .input(telegramLinkAccountInput)
    .output(telegramLinkAccountOutput)
    .mutation(({ ctx, input }) => ctx.write((tx) => linkTelegramAccount(tx, { userId: ctx.user.id, token: input.token }))),
});
