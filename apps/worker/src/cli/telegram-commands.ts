// `telegram reseal`: after a rotation of TELEGRAM_TOKEN_KEY (the new key first, the old one after
// it), every linked bot's token sealed under the new key, so the old one can be dropped (docs/telegram.md).
import { resealTelegramTokens } from '@doppel/domain/telegram';
import type { OpsContext } from './context.ts';

export async function resealTokens(context: OpsContext): Promise<void> {
  const { bots, resealed } = await resealTelegramTokens(context.client.db, context.telegramTokenKeys);
  context.out(
    `${resealed} of ${bots} bot token${bots === 1 ? '' : 's'} resealed; every token is now sealed under TELEGRAM_TOKEN_KEY's first key`,
  );
}
