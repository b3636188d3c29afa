// The pure parts of turning notifications on (the fan's chat menu, the creator's Reply approval
// settings): whether this browser can, what the control shows, and the conversions between the
// browser's and the API's shapes.
import type { PushSubscribeInput } from '@doppel/validation';

/** What the control offers: nothing (unsupported), a spinner, "Turn on", or "Turn off". */
export type PushState = 'unsupported' | 'checking' | 'off' | 'on' | 'blocked';

export const pushBlockedMessage = "Notifications are blocked in this browser's settings.";

/** The browser globals push needs; a parameter so the decision is testable without a browser. */
export type PushGlobals = {
  isSecureContext?: boolean;
  navigator?: { serviceWorker?: unknown };
  PushManager?: unknown;
  Notification?: unknown;
};

/**
 * Service workers and the Push API need a secure context (https, or localhost); Safari on iOS
 * offers them only to an app added to the home screen, so elsewhere the control stays hidden.
 */
export function isPushSupported(globals: PushGlobals): boolean {
  return Boolean(globals.isSecureContext && globals.navigator?.serviceWorker && globals.PushManager && globals.Notification);
}

/**
 * The control's state: `browserEndpoint` is the browser's current subscription (undefined while it
 * is being read), `serverSubscribed` whether the server keeps it for this user (undefined: asking).
 */
export function decidePushState(input: {
  supported: boolean;
  permission: NotificationPermission;
  browserEndpoint: string | null | undefined;
  serverSubscribed: boolean | undefined;
}): PushState {
  if (!input.supported) return 'unsupported';
  if (input.permission === 'denied') return 'blocked';
  if (input.browserEndpoint === undefined) return 'checking';
  if (input.browserEndpoint === null || input.permission !== 'granted') return 'off';
  if (input.serverSubscribed === undefined) return 'checking';
  // A subscription the server does not keep for this user (another account's, or dropped as gone) is off.
  return input.serverSubscribed ? 'on' : 'off';
}

/** URL-safe base64 (the server's VAPID key) as the bytes pushManager.subscribe() takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(base64.length + ((4 - (base64.length % 4)) % 4), '='));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

/** Whether an existing subscription was made with this server key (else it must be made again). */
export function isSameKey(applicationServerKey: ArrayBuffer | null | undefined, publicKey: string): boolean {
  if (!applicationServerKey) return false;
  const current = new Uint8Array(applicationServerKey);
  const wanted = base64UrlToBytes(publicKey);
  return current.length === wanted.length && current.every((byte, index) => byte === wanted[index]);
}

/** PushSubscription.toJSON() as push.subscribe takes it; null when the browser left out the keys. */
export function toSubscribeInput(json: PushSubscriptionJSON): PushSubscribeInput | null {
  const p256dh = json.keys?.p256dh;
  const auth = json.keys?.auth;
  if (!json.endpoint || !p256dh || !auth) return null;
  return { endpoint: json.endpoint, keys: { p256dh, auth } };
}
