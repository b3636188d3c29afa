// Doppel's service worker for push notifications (docs/broadcasts.md, "Push notifications"; held
// replies in docs/creator-dashboard.md, "Approval mode"). It only shows what the server pushes and
// opens its page on a click (a fan's chat, the creator's drafts): no caching, no fetch handler,
// so it never stands between the app and the network. Served from the site root so its scope is
// the whole app, revalidated on every load (no long cache) so an update reaches browsers.

const fallbackTitle = 'Doppel';

self.addEventListener('install', () => {
  // Nothing to cache: a new version may take over at once.
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

/** The payload the push jobs send: { title, body, url, tag }; anything else still shows something. */
function readPayload(data) {
  if (!data) return {};
  try {
    const value = data.json();
    return value && typeof value === 'object' ? value : {};
  } catch {
    return { body: data.text() };
  }
}

/** Only paths inside this app: a payload can never send the fan to another site. */
function safePath(url) {
  return typeof url === 'string' && /^\/(?!\/)[^\s\\]*$/.test(url) ? url : '/';
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  const title = typeof payload.title === 'string' && payload.title ? payload.title : fallbackTitle;
  const options = {
    body: typeof payload.body === 'string' ? payload.body : '',
    icon: '/favicon.svg',
    badge: '/favicon.svg',
    data: { url: safePath(payload.url) },
  };
  // One broadcast (or one twin's held replies), one notification: a repeat of the tag replaces the first quietly.
  if (typeof payload.tag === 'string' && payload.tag) options.tag = payload.tag;
  event.waitUntil(self.registration.showNotification(title, options));
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(safePath(event.notification.data?.url), self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // The chat already open in a tab comes to the front; otherwise a tab of the app goes there.
      const exact = windows.find((client) => client.url === target);
      if (exact) return exact.focus();
      const sameApp = windows.find((client) => new URL(client.url).origin === self.location.origin && 'navigate' in client);
      if (sameApp) {
        const navigated = await sameApp.navigate(target);
        return (navigated ?? sameApp).focus();
      }
      return self.clients.openWindow(target);
    })(),
  );
});
