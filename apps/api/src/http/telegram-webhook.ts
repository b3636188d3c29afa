// The webhook of creators' Telegram bots (docs/telegram.md): POST /webhooks/telegram/{talentId},
// registered by talent.telegram.link with a random secret token. A delivery without the twin's
// secret in X-Telegram-Bot-Api-Secret-Token is refused 401 and changes nothing. A genuine one is
// stored once by (bot, update_id) with its telegram.update job and answered 200 at once: the
// worker answers the fan, so Telegram never waits on the model. A redelivery is answered 200 too.
import type { Executor } from '@doppel/db';
import { receiveTelegramUpdate } from '@doppel/domain/telegram';
import { enqueue, type PgBoss } from '@doppel/jobs';
import type { FastifyInstance } from 'fastify';
import type { Write } from '../trpc/context.ts';

/** Telegram's updates are small (a message with its entities); a few are large forwarded posts. */
const updateBodyLimit = 256 * 1024;

export function registerTelegramWebhook(app: FastifyInstance, deps: { db: Executor; write: Write; jobs: PgBoss }): void {
  app.post<{ Params: { talentId: string } }>(
    '/webhooks/telegram/:talentId',
    { bodyLimit: updateBodyLimit },
    async (request, reply) => {
      const header = request.headers['x-telegram-bot-api-secret-token'];
      const secretToken = typeof header === 'string' ? header : undefined;
      const update = request.body as { update_id?: unknown } | null | undefined;
      if (secretToken === undefined) return reply.code(401).send({ error: 'Unknown secret token.' });
      if (!update || typeof update !== 'object' || !Number.isSafeInteger(update.update_id)) {
        return reply.code(400).send({ error: 'An update needs an update_id.' });
      }
      const received = await deps.write((tx) =>
        receiveTelegramUpdate(
          tx,
          { talentId: request.params.talentId, secretToken, update: update as Record<string, unknown> & { update_id: number } },
          { enqueue: async (jobTx, job) => void (await enqueue(deps.jobs, 'telegram.update', job, { tx: jobTx })) },
        ),
      );
      if (received.outcome === 'refused') {
        request.log.warn({ talentId: request.params.talentId }, 'telegram webhook refused: wrong secret token');
        return reply.code(401).send({ error: 'Unknown secret token.' });
      }
      return reply.code(200).send({ ok: true, duplicate: received.outcome === 'duplicate' });
    },
  );
}
