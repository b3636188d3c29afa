// Google Play adapter of the PlayStore port: one-time product purchases checked with the Play
// Developer API (androidpublisher v3) as a service account, and real-time developer notifications
// decoded from their Cloud Pub/Sub push envelope.

import {
  type PaymentEvent,
  PaymentVerificationError,
  type PlayStore,
  type StorePurchase,
  type VerifiedProviderEvent,
} from '@doppel/domain/ports';
import { androidpublisher, auth } from '@googleapis/androidpublisher';

export type PlayStoreConfig = {
  packageName: string;
  /** The service account's JSON key (client_email, private_key, token_uri). */
  serviceAccount: { client_email: string; private_key: string; token_uri?: string };
  /** Tests point the client at a local fake Play Developer API. */
  rootUrl?: string;
};

/** google-auth-library always posts its JWT grant here, whatever the key's token_uri says. */
const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token';
const PUBLISHER_SCOPE = 'https://www.googleapis.com/auth/androidpublisher';

type ProductRequest = { storeProductId: string; purchaseToken: string };

export function createPlayStore(config: PlayStoreConfig): PlayStore {
  const jwt = new auth.JWT({
    email: config.serviceAccount.client_email,
    key: config.serviceAccount.private_key,
    scopes: [PUBLISHER_SCOPE],
  });
  const tokenUri = config.serviceAccount.token_uri;
  if (tokenUri && tokenUri !== GOOGLE_TOKEN_URL) {
    // Honour the key's token_uri (a private token endpoint, or the local fake in tests).
    jwt.transporter.interceptors.request.add({
      resolved: async (options) => {
        if (options.url.href === GOOGLE_TOKEN_URL) options.url = new URL(tokenUri);
        return options;
      },
    });
  }
  const api = androidpublisher({ version: 'v3', auth: jwt, ...(config.rootUrl ? { rootUrl: config.rootUrl } : {}) });
  const params = ({ storeProductId, purchaseToken }: ProductRequest) => ({
    packageName: config.packageName,
    productId: storeProductId,
    token: purchaseToken,
  });
  const getPurchase = (input: ProductRequest) => api.purchases.products.get(params(input)).then((response) => response.data);

  return {
    verifyPurchase: async (input) => {
      const purchase = await getPurchase(input).catch((error: unknown) => {
        throw playFailure(error, `verify purchase token ${abbreviate(input.purchaseToken)} of ${input.storeProductId}`);
      });
      if (purchase.purchaseState === 1) throw new PaymentVerificationError('The purchase was cancelled.');
      if (purchase.purchaseState === 2) throw new PaymentVerificationError('The purchase is still pending.');
      if (purchase.purchaseState !== 0) {
        throw new PaymentVerificationError(`Google Play reports an unknown purchase state (${purchase.purchaseState}).`);
      }
      if (!purchase.orderId) throw new PaymentVerificationError('Google Play returned the purchase without an orderId.');
      const verified: StorePurchase = {
        key: `google:${purchase.orderId}`,
        storeProductId: input.storeProductId,
        price: null,
        ids: { googleTransactionId: purchase.orderId },
        isSandbox: purchase.purchaseType === 0,
      };
      return verified;
    },

    consumePurchase: async (input) => {
      try {
        await api.purchases.products.consume(params(input));
      } catch (error) {
        // Google refuses to consume twice; a repeat is done when the purchase reads as consumed.
        const status = httpStatusOf(error);
        if (status !== undefined && status >= 400 && status < 500) {
          const current = await getPurchase(input).catch(() => null);
          if (current?.consumptionState === 1) return;
        }
        throw playFailure(error, `consume purchase token ${abbreviate(input.purchaseToken)} of ${input.storeProductId}`);
      }
    },

    parseNotification: async (body) => {
      const { messageId, notification } = decodeEnvelope(body);
      if (notification.packageName !== config.packageName) {
        throw new PaymentVerificationError(
          `The Google Play notification is for package ${String(notification.packageName)}, expected ${config.packageName}.`,
        );
      }
      const eventType =
        Object.keys(notification).find((key) => key.endsWith('Notification') && isRecord(notification[key])) ?? 'unknown';
      const event: VerifiedProviderEvent = {
        provider: 'google',
        eventId: messageId,
        eventType,
        events: [eventOf(eventType, notification)],
        payload: { envelope: body, notification },
      };
      return event;
    },
  };
}

const eventOf = (eventType: string, notification: Record<string, unknown>): PaymentEvent => {
  if (eventType === 'voidedPurchaseNotification') {
    const voided = notification.voidedPurchaseNotification as Record<string, unknown>;
    if (typeof voided.orderId !== 'string' || !voided.orderId) {
      throw new PaymentVerificationError('The Google Play voided purchase notification has no orderId.');
    }
    return {
      type: 'payment.reversed',
      key: `google:void:${voided.orderId}`,
      payment: { key: `google:${voided.orderId}` },
      reason: 'REFUND',
      amount: null,
    };
  }
  if (eventType === 'testNotification') return { type: 'ignored', reason: 'Google Play test notification' };
  // A one-time purchase is booked when the app hands us its token, not from this notice.
  return { type: 'ignored', reason: `Google Play ${eventType} moves no money we book here` };
};

/** Reads the Pub/Sub push envelope: { message: { data: base64(DeveloperNotification), messageId }, subscription }. */
const decodeEnvelope = (body: unknown): { messageId: string; notification: Record<string, unknown> } => {
  const message = isRecord(body) ? body.message : undefined;
  const messageId = isRecord(message) ? (message.messageId ?? message.message_id) : undefined;
  const data = isRecord(message) ? message.data : undefined;
  if (typeof messageId !== 'string' || !messageId || typeof data !== 'string') {
    throw new PaymentVerificationError(
      'The Google Play notification is not a Pub/Sub push (message.data and message.messageId).',
    );
  }
  let notification: unknown;
  try {
    notification = JSON.parse(Buffer.from(data, 'base64').toString('utf8'));
  } catch (error) {
    throw new PaymentVerificationError('The Google Play notification data is not base64-encoded JSON.', { cause: error });
  }
  if (!isRecord(notification)) {
    throw new PaymentVerificationError('The Google Play notification data is not a developer notification object.');
  }
  return { messageId, notification };
};

/**
 * What a failed Play call means: an API answer of 400/404/410 says the token is not a purchase we
 * can book (PaymentVerificationError); anything else (token endpoint, 401/403, 5xx, network) is our
 * side or Google's and worth a retry or a configuration fix (plain Error).
 */
const playFailure = (error: unknown, action: string): Error => {
  const status = httpStatusOf(error);
  const detail = error instanceof Error ? error.message : String(error);
  const url = requestUrlOf(error);
  if (url?.includes('/androidpublisher/')) {
    if (status === 400 || status === 404 || status === 410) {
      return new PaymentVerificationError(`Google Play does not know this purchase (${status}: ${detail}).`, { cause: error });
    }
    if (status === 401 || status === 403) {
      return new Error(
        `Google Play refused our service account (${status}: ${detail}); check its access to the app in Play Console.`,
        { cause: error },
      );
    }
  } else if (status !== undefined) {
    return new Error(`Google Play: the service account could not get an access token (${status}: ${detail}).`, {
      cause: error,
    });
  }
  return new Error(`Google Play: could not ${action} (${status ?? 'no answer'}: ${detail}).`, { cause: error });
};

const httpStatusOf = (error: unknown): number | undefined => {
  const response = isRecord(error) ? error.response : undefined;
  const status = isRecord(response) ? response.status : undefined;
  return typeof status === 'number' ? status : undefined;
};

const requestUrlOf = (error: unknown): string | undefined => {
  const requestConfig = isRecord(error) ? error.config : undefined;
  const url = isRecord(requestConfig) ? requestConfig.url : undefined;
  return url === undefined ? undefined : String(url);
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** Purchase tokens are long secrets of a kind; messages show their start only. */
const abbreviate = (token: string) => (token.length > 12 ? `${token.slice(0, 12)}…` : token);
