// Webhooks of the payment providers: Stripe (raw body, signature header), App Store Server
// Notifications v2 (a signed payload), Google Play real-time developer notifications (Pub/Sub push
// with our secret token). Each delivery is verified, then stored by its event id and applied in
// one transaction, and acknowledged only after that commit: a failure answers 5xx so the provider
// retries, a forged delivery 400, a duplicate 200 with nothing booked again. A genuine event whose
// payment is refused (another fan's checkout) is stored, logged by ids and answered 200: retrying
// cannot change it. A second subscription it booked is given back after the commit.
import { timingSafeEqual } from 'node:crypto';
import type { Executor } from '@doppel/db';
import { giveBackDuplicateSubscriptions, PaymentEventNotReady, processProviderEvent } from '@doppel/domain/payments';
import { PaymentVerificationError, type VerifiedProviderEvent } from '@doppel/domain/ports';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { PaymentProviders } from '../payments/providers.ts';
import type { Write } from '../trpc/context.ts';

/** Webhook bodies are small; Stripe's largest events are well under this. */
const webhookBodyLimit = 512 * 1024;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

export async function registerPaymentWebhooks(
  app: FastifyInstance,
  deps: { db: Executor; write: Write; payments: PaymentProviders },
): Promise<void> {
  const { db, write, payments } = deps;

  async function handle(reply: FastifyReply, verify: () => Promise<VerifiedProviderEvent>) {
    let verified: VerifiedProviderEvent;
    try {
      verified = await verify();
    } catch (error) {
      if (error instanceof PaymentVerificationError) {
        app.log.warn({ reason: error.message }, 'payment webhook refused');
        return reply.code(400).send({ error: error.message });
      }
      app.log.error({ err: error }, 'payment webhook could not be read');
      return reply.code(500).send({ error: 'Something went wrong on our side; please retry.' });
    }
    try {
      const result = await write((tx) => processProviderEvent(tx, verified));
      for (const refusal of result.refused)
        app.log.warn({ provider: verified.provider, eventId: verified.eventId, ...refusal }, 'payment refused: booked nothing');
      // Asked again on every delivery until the refund is booked, so a failure here is retried by the provider.
      await giveBackDuplicateSubscriptions(db, verified.events, payments.card);
      return reply.code(200).send({ received: true, duplicate: result.duplicate, refused: result.refused.length > 0 });
    } catch (error) {
      if (error instanceof PaymentEventNotReady) {
        // Out of order (a refund before its payment): not stored, so the provider's retry applies it.
        app.log.info({ provider: verified.provider, eventId: verified.eventId, reason: error.message }, 'payment event deferred');
        return reply.code(503).send({ error: 'Not ready yet; please retry.' });
      }
      app.log.error({ err: error, provider: verified.provider, eventId: verified.eventId }, 'payment event failed');
      return reply.code(500).send({ error: 'Something went wrong on our side; please retry.' });
    }
  }

  await app.register(async (scope) => {
    // Stripe signs the exact bytes it sent: keep the body raw on this route only.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: webhookBodyLimit }, (_req, body, done) =>
      done(null, body),
    );
    scope.post('/webhooks/stripe', async (request, reply) => {
      const card = payments.card;
      if (!card) return reply.code(404).send({ error: 'Card payments are not configured on this server.' });
      const signature = request.headers['stripe-signature'];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      return handle(reply, () => card.verifyWebhook(body, typeof signature === 'string' ? signature : undefined));
    });
  });

  app.post('/webhooks/apple', { bodyLimit: webhookBodyLimit }, async (request, reply) => {
    const store = payments.appStore;
    if (!store) return reply.code(404).send({ error: 'App Store purchases are not configured on this server.' });
    const signedPayload = (request.body as { signedPayload?: unknown } | undefined)?.signedPayload;
    if (typeof signedPayload !== 'string') return reply.code(400).send({ error: 'signedPayload is missing.' });
    return handle(reply, () => store.verifyNotification(signedPayload));
  });

  app.post('/webhooks/google', { bodyLimit: webhookBodyLimit }, async (request, reply) => {
    const store = payments.playStore;
    const expected = payments.playPushToken;
    if (!store || !expected) return reply.code(404).send({ error: 'Google Play purchases are not configured on this server.' });
    const token = (request.query as { token?: unknown }).token;
    if (typeof token !== 'string' || !sameSecret(token, expected)) return reply.code(401).send({ error: 'Unknown push token.' });
    return handle(reply, () => store.parseNotification(request.body));
  });
}
