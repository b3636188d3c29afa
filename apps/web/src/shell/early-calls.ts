// The first API calls of a page, started by the entry (main.tsx) beside the app's download instead of
// after it (issue 14, fast on a phone). The app puts their answers in its query cache before its first
// render (seedEarlyCalls in app.tsx), for two reasons:
// - the waterfall: on a slow connection the app's chunks and these answers travel at the same time;
// - the main thread: React Query hands an answer that arrives after the first render to React as a
//   synchronous update, which renders and commits the whole page (the messenger, the sign-in form) in
//   one long task. Rendered from the first, the page is built in a transition, in slices.
// The entry holds no tRPC client (it would bring the app along), so these are plain requests in tRPC's
// HTTP format (no transformer: JSON in, `{ result: { data } }` or `{ error: { data: { code } } }` out).
// A call that fails is left out: the app's own hooks then make it as they always did.
import type { Me } from '@doppel/validation';
import { type DashboardCall, type DashboardLayout, dashboardCallsFor, dashboardLayoutOf } from './dashboard-calls.ts';

export type ChatOpenAnswer = { kind: 'open'; opened: unknown; me: unknown } | { kind: 'not-found' };

export type EarlyCalls = {
  /** `auth.me`, when the page's route reads it first thing. */
  me?: { data: unknown };
  /** `system.info` (the version gate, on every page). */
  systemInfo?: { data: unknown };
  /** `chat.open` for `/chat/{tag}` (then `auth.me`, as the session may be new), with its tag. */
  chatOpen?: { talentTag: string; answer: ChatOpenAnswer };
  /** The first reads of a creator's or admin's page (dashboard-calls.ts), with their answers. */
  dashboard?: Array<DashboardCall & { data: unknown }>;
};

type Answer = { ok: true; data: unknown } | { ok: false; code: string | undefined };

async function call(path: string, input?: unknown): Promise<Answer> {
  const init: RequestInit =
    input === undefined
      ? { credentials: 'include' }
      : { method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) };
  const response = await fetch(`/trpc/${path}`, init);
  const body = (await response.json()) as { result?: { data?: unknown }; error?: { data?: { code?: string } } };
  if (response.ok && body.result) return { ok: true, data: body.result.data ?? null };
  return { ok: false, code: body.error?.data?.code };
}

/** A query in tRPC's GET format (the API takes queries only so). */
async function query(path: string, input: unknown): Promise<Answer> {
  const search = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
  const response = await fetch(`/trpc/${path}${search}`, { credentials: 'include' });
  const body = (await response.json()) as { result?: { data?: unknown }; error?: { data?: { code?: string } } };
  if (response.ok && body.result) return { ok: true, data: body.result.data ?? null };
  return { ok: false, code: body.error?.data?.code };
}

const settled = <T>(promise: Promise<T>): Promise<T | undefined> => promise.catch(() => undefined);

const chatPath = /^\/chat\/([^/]+)\/?$/;
// Routes outside the access flow (shell/app-root.tsx), which do not read `auth.me` first.
const outsideAccessFlow = /^\/(chat|dev|terms|privacy|cookies|checkout|discover|r)(\/|$)/;

/** The tag a `/chat/{tag}` address opens, or null. */
export function chatTagOf(pathname: string): string | null {
  const tag = chatPath.exec(pathname)?.[1];
  if (!tag) return null;
  try {
    return decodeURIComponent(tag);
  } catch {
    return null;
  }
}

async function openChat(talentTag: string): Promise<EarlyCalls['chatOpen']> {
  // The fan's clock, for the twin's quiet hours when it reaches out (docs/reach-out.md).
  const opened = await call('chat.open', { talentTag, timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone });
  if (!opened.ok) return opened.code === 'NOT_FOUND' ? { talentTag, answer: { kind: 'not-found' } } : undefined;
  const me = await call('auth.me');
  return me.ok && me.data ? { talentTag, answer: { kind: 'open', opened: opened.data, me: me.data } } : undefined;
}

/** The first reads of the page (dashboard-calls.ts); a read that fails is the page's to make again. */
async function readDashboard(calls: DashboardCall[]): Promise<EarlyCalls['dashboard']> {
  // An infinite list's first page is asked for as React Query asks: no cursor, forward.
  const inputOf = (one: DashboardCall) => (one.infinite ? { ...(one.input as object), direction: 'forward' } : one.input);
  const answers = await Promise.all(calls.map((one) => settled(query(one.path, inputOf(one)))));
  return calls.flatMap((one, index) => {
    const answer = answers[index];
    return answer?.ok ? [{ ...one, data: answer.data }] : [];
  });
}

/**
 * Starts the calls the page at this address makes first; resolves when all have answered.
 * `onLayout` learns as soon as `auth.me` answers whether the page is the creator's or the admin's,
 * so the entry fetches that layout's chunk without waiting for the page's reads.
 */
export async function startEarlyCalls(
  location: Pick<Location, 'pathname' | 'search'>,
  onLayout: (layout: DashboardLayout | null) => void = () => {},
): Promise<EarlyCalls> {
  const { pathname, search } = location;
  const params = new URLSearchParams(search);
  // A magic link or a creator's chat token changes who is signed in first: the app handles those.
  if (params.has('token')) {
    onLayout(null);
    return {};
  }
  const talentTag = chatTagOf(pathname);
  const readsMe = talentTag === null && !outsideAccessFlow.test(pathname);
  const meAndPage = async () => {
    const me = await settled(call('auth.me'));
    const user = me?.ok ? (me.data as Me | null) : null;
    const layout = user ? dashboardLayoutOf(user, pathname) : null;
    onLayout(layout);
    const dashboard = user && layout ? await readDashboard(dashboardCallsFor(layout, user, location)) : undefined;
    return { me, dashboard };
  };
  if (!readsMe) onLayout(null);
  const [systemInfo, signedIn, chatOpen] = await Promise.all([
    settled(call('system.info')),
    readsMe ? meAndPage().catch(() => onLayout(null)) : undefined,
    talentTag !== null ? settled(openChat(talentTag)) : undefined,
  ]);
  const calls: EarlyCalls = {};
  if (systemInfo?.ok) calls.systemInfo = { data: systemInfo.data };
  if (signedIn?.me?.ok) calls.me = { data: signedIn.me.data };
  if (signedIn?.dashboard?.length) calls.dashboard = signedIn.dashboard;
  if (chatOpen) calls.chatOpen = chatOpen;
  return calls;
}
