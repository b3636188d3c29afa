// One live stream per tab. Browsers hold at most six HTTP/1.1 connections per host, and every
// open SSE stream keeps one: with a stream per watching component (two to four a page), two or
// three tabs left no connection for ordinary calls and the app hung. The hub keeps one stream
// for the union of the scopes its watchers want and hands each event to the watchers it concerns.

/** One change announced by the API: which row of which table changed, and the scopes it touched. */
export type LiveEvent = {
  /** Event sequence (the feed position); the stream resumes from the last one after a reconnect. */
  id: string;
  data: {
    entity: string;
    rowId: string;
    scopes: string[];
    /** A reply still being written (entity `reply_draft`): it carries the stream's current position as its id. */
    draft?: { stream: string; seq: number; text: string };
  };
};

export type LiveStreamHandlers = {
  onData: (event: LiveEvent) => void;
  /** The server accepted the stream: it now receives every change of its scopes. */
  onStarted: () => void;
  onError: (error: unknown) => void;
};

/** Opens the API's `live.events` stream for `scopes`; `close` ends it. */
export type OpenLiveStream = (scopes: string[], handlers: LiveStreamHandlers) => { close: () => void };

export type LiveHub = {
  /** Delivers the changes of `scopes` (and every resync) to `onEvent` until the returned function is called. */
  watch: (scopes: readonly string[], onEvent: (event: LiveEvent) => void) => () => void;
  /** The scopes of the open stream, sorted; empty when nothing is watched. */
  streamScopes: () => string[];
};

export type LiveHubOptions = {
  /** How long the previous stream stays open once its replacement has started, so no change falls between them. */
  handOverMs?: number;
  /** The entity of a resync event, which concerns every watcher. */
  resyncEntity?: string;
  onError?: (error: unknown) => void;
  /** Schedules the stream's update after watchers come and go; a page mounts many at once. */
  schedule?: (update: () => void) => void;
};

type Watcher = { scopes: ReadonlySet<string>; onEvent: (event: LiveEvent) => void };
type Stream = { key: string; close: () => void };

/** How many recent event ids are remembered to drop the copies two overlapping streams deliver. */
const rememberedIds = 256;

export function createLiveHub(open: OpenLiveStream, options: LiveHubOptions = {}): LiveHub {
  const handOverMs = options.handOverMs ?? 1_000;
  const resyncEntity = options.resyncEntity ?? '*';
  const schedule = options.schedule ?? queueMicrotask;
  const watchers = new Set<Watcher>();
  const seen = new Set<string>();
  let current: Stream | undefined;
  // The stream being replaced: open until its successor has started (and a moment more).
  let retiring: { stream: Stream; timer?: ReturnType<typeof setTimeout> } | undefined;
  let updateScheduled = false;

  const unionKey = () => [...new Set([...watchers].flatMap((watcher) => [...watcher.scopes]))].sort().join(' ');

  function deliver(event: LiveEvent): void {
    // Drafts share the id of the last change; each is told apart by its stream and place in it.
    const { draft } = event.data;
    const key = draft ? `${event.id} ${draft.stream} ${draft.seq}` : event.id;
    if (seen.has(key)) return;
    seen.add(key);
    if (seen.size > rememberedIds) seen.delete(seen.values().next().value as string);
    const everyone = event.data.entity === resyncEntity;
    for (const watcher of [...watchers]) {
      if (everyone || event.data.scopes.some((scope) => watcher.scopes.has(scope))) watcher.onEvent(event);
    }
  }

  function retire(): void {
    if (!retiring) return;
    if (retiring.timer) clearTimeout(retiring.timer);
    retiring.stream.close();
    retiring = undefined;
  }

  function update(): void {
    updateScheduled = false;
    const key = unionKey();
    if (key === (current?.key ?? '')) return;
    // At most two streams: one being replaced, one replacing it.
    retire();
    if (current) retiring = { stream: current };
    current = undefined;
    if (!key) {
      retire();
      return;
    }
    const stream: Stream = { key, close: () => {} };
    const handlers: LiveStreamHandlers = {
      onData: deliver,
      onStarted: () => {
        if (current !== stream || !retiring || retiring.timer) return;
        retiring.timer = setTimeout(retire, handOverMs);
      },
      onError: (error) => {
        // The stream has ended. The next change of watchers opens a new one; retrying here at once
        // would loop on a refusal that lasts (a scope this person may no longer watch).
        if (current === stream) {
          retire();
          current = undefined;
        }
        options.onError?.(error);
      },
    };
    current = stream;
    stream.close = open(key.split(' '), handlers).close;
  }

  return {
    watch(scopes, onEvent) {
      const watcher: Watcher = { scopes: new Set(scopes), onEvent };
      watchers.add(watcher);
      if (!updateScheduled) {
        updateScheduled = true;
        schedule(update);
      }
      return () => {
        watchers.delete(watcher);
        if (!updateScheduled) {
          updateScheduled = true;
          schedule(update);
        }
      };
    },
    streamScopes: () => (current ? current.key.split(' ') : []),
  };
}
