import { type FeedEvent, type FeedPosition, formatFeedPosition, isAfter, parseFeedPosition, type ReplyDraft } from '@doppel/db';
import { assertCanWatchScopes } from '@doppel/domain/access';
import { liveEventsInput } from '@doppel/validation';
import { tracked } from '@trpc/server';
import type { LiveStreamOwner } from '../live/live-streams.ts';
import type { Context } from '../trpc/context.ts';
import { publicProcedure, router } from '../trpc/procedures.ts';

/**
 * A change, or (entity `reply_draft`, rowId the fan message being answered) a reply the twin is
 * still writing, with its text so far in `draft`. Drafts are not kept anywhere: they carry the
 * stream's current position as their id, so a reconnect resumes exactly as before.
 */
export type LiveEvent = {
  entity: string;
  rowId: string;
  scopes: string[];
  draft?: { stream: string; seq: number; text: string };
};

export const replyDraftEntity = 'reply_draft';

/** Sent when a client was away longer than the feed keeps events: it must refetch everything. */
const resync: LiveEvent = { entity: '*', rowId: '*', scopes: [] };

function ownerOf(ctx: Context): LiveStreamOwner {
  return { sessionId: ctx.session?.id, address: ctx.req.ip };
}

export const liveRouter = router({
  /**
   * Change events for the given scopes, over SSE. Each carries its feed position as the event id;
   * a reconnecting client sends the last one back (tRPC does it) and receives what it missed.
   */
  events: publicProcedure
    .input(liveEventsInput)
    // Checked before the stream opens, so a refused client gets an error instead of a silent stream.
    // A caller at its stream limit is refused before the scopes cost any query.
    .use(async ({ ctx, input, next }) => {
      ctx.liveStreams.assertRoom(ownerOf(ctx));
      await assertCanWatchScopes(ctx.db, ctx.user, input.scopes);
      return next();
    })
    .subscription(async function* ({ ctx, input, signal: requestSignal }) {
      // Counted per session and per address (TOO_MANY_REQUESTS past the limits); released in `finally`.
      const stream = ctx.liveStreams.open(ownerOf(ctx));
      // Ends with the request, the server's shutdown or the session (sign-out, expiry), whichever comes first.
      const signal = AbortSignal.any([stream.signal, ctx.shutdown, ...(requestSignal ? [requestSignal] : [])]);
      const wanted = new Set(input.scopes);
      const visible = (event: FeedEvent) => event.scopes.some((scope) => wanted.has(scope));

      // Listen before replaying, so nothing falls between the replay and the live stream.
      const queue: FeedEvent[] = [];
      const drafts: ReplyDraft[] = [];
      let wake: (() => void) | undefined;
      const unsubscribe = ctx.feed.subscribe((event) => {
        if (!visible(event)) return;
        queue.push(event);
        wake?.();
      });
      // Replies being written in the chats this stream watches (authorised above like their messages).
      const unsubscribeDrafts = ctx.feed.subscribeDrafts((draft) => {
        if (!wanted.has(`chat:${draft.chatId}`)) return;
        drafts.push(draft);
        wake?.();
      });
      const stop = () => wake?.();
      signal.addEventListener('abort', stop);
      try {
        const resumeFrom = input.lastEventId ? parseFeedPosition(input.lastEventId) : undefined;
        let last: FeedPosition = resumeFrom ?? { xid: ctx.feed.latestXid(), index: Number.MAX_SAFE_INTEGER };
        if (resumeFrom) {
          // What was missed of these scopes: the rest of the last transaction seen, then what followed.
          // A position pruned, made up or too far behind gets a resync instead of a long read.
          const replay = await ctx.feed.replay(resumeFrom, input.scopes);
          if (replay.resync) {
            // Changes up to there reach the client through its refetch; only later ones follow.
            last = replay.after;
            yield tracked(formatFeedPosition(last), resync);
          } else {
            for (const event of replay.events) {
              if (!isAfter(event, last)) continue;
              last = event;
              yield tracked(formatFeedPosition(event), toLiveEvent(event, wanted));
            }
          }
        }
        while (!signal.aborted) {
          const draft = drafts.shift();
          if (draft) {
            yield tracked(formatFeedPosition(last), toDraftEvent(draft));
            continue;
          }
          const event = queue.shift();
          if (!event) {
            await new Promise<void>((resolve) => {
              wake = resolve;
            });
            wake = undefined;
            continue;
          }
          if (!isAfter(event, last)) continue;
          last = event;
          yield tracked(formatFeedPosition(event), toLiveEvent(event, wanted));
        }
      } finally {
        unsubscribe();
        unsubscribeDrafts();
        signal.removeEventListener('abort', stop);
        stream.close();
      }
    }),
});

function toDraftEvent(draft: ReplyDraft): LiveEvent {
  return {
    entity: replyDraftEntity,
    rowId: draft.replyTo,
    scopes: [`chat:${draft.chatId}`],
    draft: { stream: draft.stream, seq: draft.seq, text: draft.text },
  };
}

/**
 * What a client receives: only the scopes it watches. One change may name many scopes (a
 * broadcast chunk names every chat it wrote to), and a fan must not learn other fans' chats.
 */
function toLiveEvent(event: FeedEvent, wanted: ReadonlySet<string>): LiveEvent {
  return { entity: event.entity, rowId: event.rowId, scopes: event.scopes.filter((scope) => wanted.has(scope)) };
}
