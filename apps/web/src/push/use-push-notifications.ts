import { notifications } from '@mantine/notifications';
import { TRPCClientError } from '@trpc/client';
import { useEffect, useState } from 'react';
import { notifySuccess } from '../components/notify-success.ts';
import { handleError } from '../errors/handle-error.ts';
import { trpc } from '../trpc/trpc.ts';
import {
  base64UrlToBytes,
  decidePushState,
  isPushSupported,
  isSameKey,
  type PushState,
  pushBlockedMessage,
  toSubscribeInput,
} from './push-support.ts';

/** apps/web/public/push-sw.js, at the root so its scope is the whole app (the API serves it uncached). */
const workerUrl = '/push-sw.js';

export type PushNotifications = {
  state: PushState;
  /** Turning on or off is under way (permission prompt, service worker, server). */
  busy: boolean;
  turnOn: () => void;
  turnOff: () => void;
};

const browserSupportsPush = (): boolean =>
  typeof window !== 'undefined' &&
  isPushSupported({
    isSecureContext: window.isSecureContext,
    navigator,
    PushManager: 'PushManager' in window ? window.PushManager : undefined,
    Notification: 'Notification' in window ? window.Notification : undefined,
  });

async function currentSubscription(): Promise<PushSubscription | null> {
  // The registration whose scope holds this page: the push worker's, once registered.
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The browser's subscription for this server key: the existing one, or a new one (an old key's is dropped first). */
async function subscribeBrowser(publicKey: string): Promise<PushSubscription> {
  await navigator.serviceWorker.register(workerUrl, { scope: '/', updateViaCache: 'none' });
  // pushManager.subscribe() needs an active worker; `ready` waits for it.
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  if (existing && isSameKey(existing.options.applicationServerKey, publicKey)) return existing;
  await existing?.unsubscribe();
  return registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlToBytes(publicKey) });
}

/** A failure of the browser's side (tRPC failures already reached the shared handler). */
function reportBrowserFailure(error: unknown, doing: string): void {
  if (error instanceof TRPCClientError) return;
  if (error instanceof DOMException && error.name === 'NotAllowedError') {
    notifications.show({ color: 'orange', message: pushBlockedMessage, autoClose: 6_000 });
    return;
  }
  const reason = error instanceof Error && error.message ? error.message : 'the browser refused';
  handleError(new Error(`Notifications could not be turned ${doing}: ${reason}`));
}

/**
 * Web Push for the signed-in user (issue 13): whether this browser has notifications on for them,
 * and turning them on (permission, service worker, subscription, push.subscribe) or off
 * (push.unsubscribe, then the browser's subscription). The fan messenger's chat menu uses it for
 * broadcasts, the creator's Reply approval settings for held replies: one subscription per
 * browser serves both. `enabled` is false for anonymous fans, who sign in first.
 */
export function usePushNotifications({ enabled }: { enabled: boolean }): PushNotifications {
  const supported = enabled && browserSupportsPush();
  const utils = trpc.useUtils();
  const [permission, setPermission] = useState<NotificationPermission>(() => (supported ? Notification.permission : 'default'));
  // undefined while the browser is asked; null when it has no subscription.
  const [endpoint, setEndpoint] = useState<string | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!supported) return;
    let current = true;
    currentSubscription()
      .then((subscription) => current && setEndpoint(subscription?.endpoint ?? null))
      // A browser that cannot tell (private mode, a broken registration) is treated as off.
      .catch(() => current && setEndpoint(null));
    return () => {
      current = false;
    };
  }, [supported]);

  const status = trpc.push.status.useQuery({ endpoint: endpoint ?? '' }, { enabled: supported && Boolean(endpoint) });
  const subscribe = trpc.push.subscribe.useMutation();
  const unsubscribe = trpc.push.unsubscribe.useMutation();

  const state = decidePushState({
    supported,
    permission,
    browserEndpoint: endpoint,
    // When the server cannot be asked, "Turn on" is offered: subscribing again is harmless.
    serverSubscribed: endpoint ? (status.isError ? false : status.data?.subscribed) : undefined,
  });

  const turnOn = async () => {
    if (permission === 'denied') {
      notifications.show({ color: 'orange', message: pushBlockedMessage, autoClose: 6_000 });
      return;
    }
    setBusy(true);
    try {
      const answer = await Notification.requestPermission();
      setPermission(answer);
      if (answer === 'denied') {
        notifications.show({ color: 'orange', message: pushBlockedMessage, autoClose: 6_000 });
        return;
      }
      // Closing the prompt without choosing leaves everything as it was.
      if (answer !== 'granted') return;
      const { publicKey } = await utils.push.publicKey.fetch();
      const subscription = await subscribeBrowser(publicKey);
      const input = toSubscribeInput(subscription.toJSON());
      if (!input) throw new Error('the browser gave a subscription without keys');
      await subscribe.mutateAsync(input);
      utils.push.status.setData({ endpoint: input.endpoint }, { subscribed: true });
      setEndpoint(input.endpoint);
      notifySuccess('Notifications are on.');
    } catch (error) {
      reportBrowserFailure(error, 'on');
    } finally {
      setBusy(false);
    }
  };

  const turnOff = async () => {
    setBusy(true);
    try {
      const subscription = await currentSubscription();
      if (subscription) {
        // The server first: if it fails, the browser still has its subscription and the menu stays right.
        await unsubscribe.mutateAsync({ endpoint: subscription.endpoint });
        utils.push.status.setData({ endpoint: subscription.endpoint }, { subscribed: false });
        await subscription.unsubscribe();
      }
      setEndpoint(null);
      notifySuccess('Notifications are off.');
    } catch (error) {
      reportBrowserFailure(error, 'off');
    } finally {
      setBusy(false);
    }
  };

  return { state, busy, turnOn: () => void turnOn(), turnOff: () => void turnOff() };
}
