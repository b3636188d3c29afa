// App Store adapter of the AppStore port: StoreKit 2 signed transactions and App Store Server
// Notifications v2, verified by Apple's own SignedDataVerifier (chain to the trusted root, Apple's
// marker extensions, signature, bundle id, environment). Online checks (OCSP) stay off so a
// verification never waits on Apple; certificate dates are then checked at the payload's signedDate.
import {
  Environment,
  type JWSTransactionDecodedPayload,
  SignedDataVerifier,
  VerificationException,
  VerificationStatus,
} from '@apple/app-store-server-library';
import {
  type AppStore,
  type PaymentEvent,
  PaymentVerificationError,
  type Price,
  type StorePurchase,
  type VerifiedProviderEvent,
} from '@doppel/domain/ports';

export type AppStoreConfig = {
  bundleId: string;
  /** Xcode and LocalTesting data is not signed by Apple and is accepted unchecked: never in production. */
  environment: 'Production' | 'Sandbox' | 'Xcode' | 'LocalTesting';
  /** Apple's numeric app id; required by Apple's verifier in Production. */
  appAppleId?: number;
  /** Trusted root certificates (DER), Apple Root CA - G3 in production; a test root in tests. */
  rootCertificates: Buffer[];
};

const ENVIRONMENTS: Record<AppStoreConfig['environment'], Environment> = {
  Production: Environment.PRODUCTION,
  Sandbox: Environment.SANDBOX,
  Xcode: Environment.XCODE,
  LocalTesting: Environment.LOCAL_TESTING,
};

export function createAppStore(config: AppStoreConfig): AppStore {
  if (config.environment === 'Production' && config.appAppleId === undefined) {
    throw new Error('App Store: appAppleId (the numeric Apple ID of the app) is required in Production.');
  }
  const verifier = new SignedDataVerifier(
    config.rootCertificates,
    false,
    ENVIRONMENTS[config.environment],
    config.bundleId,
    config.appAppleId,
  );

  const decodeTransaction = async (signedTransaction: string): Promise<VerifiedTransaction> => {
    const transaction = await verifier
      .verifyAndDecodeTransaction(signedTransaction)
      .catch((error: unknown) => refuse(error, 'transaction', signedTransaction, config));
    const { transactionId, productId } = transaction;
    if (!transactionId || !productId) {
      throw new PaymentVerificationError('The App Store transaction has no transactionId or productId.');
    }
    return { ...transaction, transactionId, productId };
  };

  return {
    verifyTransaction: async (signedTransaction) => {
      const transaction = await decodeTransaction(signedTransaction);
      if (transaction.revocationDate !== undefined) {
        throw new PaymentVerificationError(
          `App Store transaction ${transaction.transactionId} was refunded or revoked on ${new Date(transaction.revocationDate).toISOString()}; it cannot be booked.`,
        );
      }
      return toStorePurchase(transaction);
    },

    verifyNotification: async (signedPayload) => {
      const notification = await verifier
        .verifyAndDecodeNotification(signedPayload)
        .catch((error: unknown) => refuse(error, 'notification', signedPayload, config));
      const { notificationUUID, notificationType, subtype } = notification;
      if (!notificationUUID || !notificationType) {
        throw new PaymentVerificationError('The App Store notification has no notificationUUID or notificationType.');
      }
      const eventType = subtype ? `${notificationType}.${subtype}` : notificationType;
      const transactionOf = async () => {
        const signedTransaction = notification.data?.signedTransactionInfo;
        if (!signedTransaction) {
          throw new PaymentVerificationError(`The App Store ${notificationType} notification carries no signedTransactionInfo.`);
        }
        return decodeTransaction(signedTransaction);
      };
      let events: PaymentEvent[];
      if (notificationType === 'REFUND') {
        const { transactionId } = await transactionOf();
        events = [
          {
            type: 'payment.reversed',
            key: `apple:refund:${transactionId}`,
            payment: { key: `apple:${transactionId}` },
            reason: 'REFUND',
            amount: null,
          },
        ];
      } else if (notificationType === 'REFUND_REVERSED') {
        const { transactionId } = await transactionOf();
        events = [
          {
            type: 'payment.reinstated',
            key: `apple:refund-reversed:${transactionId}`,
            reversalKey: `apple:refund:${transactionId}`,
            payment: { key: `apple:${transactionId}` },
          },
        ];
      } else {
        const reason =
          notificationType === 'TEST'
            ? 'App Store test notification'
            : `App Store ${eventType} notification moves no money we book`;
        events = [{ type: 'ignored', reason }];
      }
      const event: VerifiedProviderEvent = {
        provider: 'apple',
        eventId: notificationUUID,
        eventType,
        events,
        payload: notification,
      };
      return event;
    },
  };
}

type VerifiedTransaction = JWSTransactionDecodedPayload & { transactionId: string; productId: string };

const toStorePurchase = (transaction: VerifiedTransaction): StorePurchase => ({
  key: `apple:${transaction.transactionId}`,
  storeProductId: transaction.productId,
  price: priceOf(transaction),
  ids: { appleTransactionId: transaction.transactionId },
  isSandbox: transaction.environment !== Environment.PRODUCTION,
});

/** Apple states prices in milliunits (1990 = 1.99 USD, 160000 = 160 JPY); we keep minor units. */
const priceOf = ({ price, currency }: JWSTransactionDecodedPayload): Price | null => {
  if (price === undefined || !currency) return null;
  const fractionDigits = currencyFractionDigits(currency);
  if (fractionDigits === null) return null;
  return { amount: Math.round(price * 10 ** (fractionDigits - 3)), fractionDigits, currency: currency.toUpperCase() };
};

const currencyFractionDigits = (currency: string): number | null => {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? null;
  } catch {
    return null;
  }
};

/** Turns the verifier's status codes into messages that say what is wrong with the data. */
const refuse = (error: unknown, what: 'transaction' | 'notification', jws: string, config: AppStoreConfig): never => {
  if (!(error instanceof VerificationException)) throw error;
  const claimed = peekClaims(jws, what);
  const subject = `The App Store ${what}`;
  switch (error.status) {
    case VerificationStatus.RETRYABLE_VERIFICATION_FAILURE:
      // Only online checks fail this way (Apple's OCSP unreachable): try again later, not a forgery.
      throw new Error(`${subject} could not be verified right now; try again.`, { cause: error });
    case VerificationStatus.INVALID_APP_IDENTIFIER:
      throw new PaymentVerificationError(
        `${subject} belongs to another app: ${appName(claimed.bundleId, claimed.appAppleId)}, expected ${appName(config.bundleId, config.appAppleId)}.`,
        { cause: error },
      );
    case VerificationStatus.INVALID_ENVIRONMENT:
      throw new PaymentVerificationError(
        `${subject} is from the ${String(claimed.environment ?? 'unknown')} environment, but this server accepts ${config.environment} only.`,
        { cause: error },
      );
    case VerificationStatus.INVALID_CHAIN_LENGTH:
    case VerificationStatus.INVALID_CERTIFICATE:
      throw new PaymentVerificationError(`${subject} is not signed by the App Store: ${certificateProblem(error, claimed)}.`, {
        cause: error,
      });
    case VerificationStatus.VERIFICATION_FAILURE:
      throw new PaymentVerificationError(
        `${subject} is not signed by the App Store: the signature does not match the payload, or the certificate chain is not an App Store signing chain from a trusted Apple root.`,
        { cause: error },
      );
    default:
      throw new PaymentVerificationError(`${subject} is malformed: not a JWS of the shape Apple sends.`, { cause: error });
  }
};

const appName = (bundleId: unknown, appAppleId: unknown) =>
  `bundle id ${String(bundleId ?? '(none)')}${appAppleId === undefined ? '' : ` (app id ${String(appAppleId)})`}`;

/** The verifier wraps chain-length and parse failures in INVALID_CERTIFICATE; its cause tells them apart. */
const certificateProblem = (error: VerificationException, claimed: Claims): string => {
  const cause = error.cause;
  if (
    error.status === VerificationStatus.INVALID_CHAIN_LENGTH ||
    (cause instanceof VerificationException && cause.status === VerificationStatus.INVALID_CHAIN_LENGTH)
  ) {
    return 'its x5c header must hold 3 certificates (leaf, intermediate, root)';
  }
  if (cause) return 'its x5c header holds no readable certificate chain';
  const signedDate = typeof claimed.signedDate === 'number' ? new Date(claimed.signedDate).toISOString() : 'unknown';
  return `a certificate of its chain was not valid at its signedDate (${signedDate})`;
};

type Claims = { bundleId?: unknown; appAppleId?: unknown; environment?: unknown; signedDate?: unknown };

/** The unverified claims of a refused JWS, only to name them in the error message. */
const peekClaims = (jws: string, what: 'transaction' | 'notification'): Claims => {
  try {
    const payload = JSON.parse(Buffer.from(jws.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    const source = what === 'notification' ? (payload.data ?? payload.summary ?? payload.appData) : payload;
    return { ...(typeof source === 'object' && source !== null ? source : {}), signedDate: payload.signedDate };
  } catch {
    return {};
  }
};
