// Mantine's global styles; each component's own come with its code (build/mantine-styles.ts).
import 'virtual:mantine-styles';
import '@mantine/notifications/styles.css';
import './global.css';
import { afterFirstPaint, loadInStages, preloadRouteChunk } from './shell/boot.ts';
import type { DashboardLayout } from './shell/dashboard-calls.ts';
import { startEarlyCalls } from './shell/early-calls.ts';

// The entry is only this: the app (React, Mantine, tRPC) and the route's chunk load after the
// first paint (shell/boot.ts), so a phone on a slow connection spends its bandwidth on the page.
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The page's first API calls travel beside the app's download (shell/early-calls.ts); whether the
// page is the creator's or the admin's is known once `auth.me` has answered, before the page's reads.
let layoutKnown: (layout: DashboardLayout | null) => void = () => {};
const layout = new Promise<DashboardLayout | null>((resolve) => {
  layoutKnown = resolve;
  // A stalled `auth.me` must not keep the app from starting: it then loads the page's chunks itself.
  window.setTimeout(() => resolve(null), 8_000);
});
const earlyCalls = startEarlyCalls(window.location, layoutKnown);

void afterFirstPaint().then(async () => {
  // Largest first, each evaluated in a task of its own (shell/boot.ts), then the route's chunk
  // (with its styles) and the app's own modules, which need little beyond these.
  await loadInStages([
    () => import('react-dom/client'),
    () => import('./shell/stages/mantine.ts'),
    () => import('./shell/stages/data.ts'),
    // A failed route chunk is the lazy layout's to report, once the app runs.
    () => preloadRouteChunk(window.location.pathname, layout).catch(() => undefined),
  ]);
  const { startApp } = await import('./app.tsx');
  await startApp(container, earlyCalls, layout);
});
