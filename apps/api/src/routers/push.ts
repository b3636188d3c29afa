// Push notifications (issue 13; issue 16 for creators): the VAPID public key a browser subscribes
// with, and the browser's subscription kept for the signed-in user. Broadcasts to fans and held
// replies to creators send through it (the worker's broadcasts.push and chat.held-reply-push
// jobs). Rules: packages/domain/src/push.
import { ensureWebPushKeys, pushStatus, subscribePush, unsubscribePush } from '@doppel/domain/push';
import { pushEndpointInput, pushPublicKeyOutput, pushStatusOutput, pushSubscribeInput } from '@doppel/validation';
import { authedProcedure, publicProcedure, router } from '../trpc/procedures.ts';

export const pushRouter = router({
  /** The server's VAPID public key (made on first use and kept); public, like any page's script. */
  publicKey: publicProcedure.output(pushPublicKeyOutput).query(async ({ ctx }) => {
    const { publicKey } = await ensureWebPushKeys(ctx.db, ctx.webPush);
    return { publicKey };
  }),

  /** Turns notifications on in this browser for the signed-in fan (anonymous fans sign in first). */
  subscribe: authedProcedure
    .input(pushSubscribeInput)
    .output(pushStatusOutput)
    .mutation(({ ctx, input }) => ctx.write((tx) => subscribePush(tx, ctx.user, input))),

  /** Turns notifications off in this browser; only the caller's own subscription is touched. */
  unsubscribe: authedProcedure
    .input(pushEndpointInput)
    .output(pushStatusOutput)
    .mutation(({ ctx, input }) => ctx.write((tx) => unsubscribePush(tx, ctx.user, input.endpoint))),

  /** Whether this browser (by its endpoint) has notifications on for the caller. */
  status: authedProcedure
    .input(pushEndpointInput)
    .output(pushStatusOutput)
    .query(({ ctx, input }) => pushStatus(ctx.db, ctx.user, input.endpoint)),
});
