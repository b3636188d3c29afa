// Google Play real-time developer notifications as Cloud Pub/Sub pushes them: a JSON envelope whose
// message.data is the base64 of the DeveloperNotification JSON.

/** A DeveloperNotification; exactly one of the *Notification fields is set by Google. */
export type DeveloperNotificationInput = {
  version?: string;
  packageName?: string;
  eventTimeMillis?: string;
  oneTimeProductNotification?: { version: string; notificationType: number; purchaseToken: string; sku: string };
  voidedPurchaseNotification?: { purchaseToken: string; orderId: string; productType: number; refundType: number };
  subscriptionNotification?: { version: string; notificationType: number; purchaseToken: string; subscriptionId?: string };
  testNotification?: { version: string };
  [other: string]: unknown;
};

/** The JSON body of a Pub/Sub push request. */
export type PubSubPushEnvelope = {
  message: {
    attributes: Record<string, string>;
    data: string;
    messageId: string;
    message_id: string;
    publishTime: string;
    publish_time: string;
  };
  subscription: string;
};

export const pushEnvelope = (notification: DeveloperNotificationInput, messageId: string): PubSubPushEnvelope => {
  const now = new Date();
  const developerNotification = { version: '1.0', eventTimeMillis: String(now.getTime()), ...notification };
  const publishTime = now.toISOString();
  return {
    message: {
      attributes: {},
      data: Buffer.from(JSON.stringify(developerNotification)).toString('base64'),
      messageId,
      message_id: messageId,
      publishTime,
      publish_time: publishTime,
    },
    subscription: 'projects/doppel-test/subscriptions/play-rtdn-push',
  };
};
