// The fan messenger: open a twin's chat (as an anonymous fan when signed out), read it page by
// page, send, unlock attachments, react. Rules live in the domain (packages/domain/src/chat);
// docs/chat-engine.md explains them.
import type { Transaction } from '@doppel/db';
import type { Viewer } from '@doppel/domain/access';
import { switchSession } from '@doppel/domain/auth';
import {
  type ChatReplyQueue,
  confirmAge,
  countryFromRequest,
  createAnonymousFan,
  listChatMessages,
  openChat,
  reactToMessage,
  sendChatMessage,
  unlockAttachment,
} from '@doppel/domain/chat';
import { enqueue, type PgBoss } from '@doppel/jobs';
import {
  chatConfirmAgeInput,
  chatConfirmAgeOutput,
  chatMessagesInput,
  chatMessagesOutput,
  chatOpenInput,
  chatOpenOutput,
  chatReactInput,
  chatReactOutput,
  chatSendInput,
  chatSendOutput,
  chatUnlockInput,
  chatUnlockOutput,
} from '@doppel/validation';
import type { FastifyRequest } from 'fastify';
import { setSessionCookie } from '../trpc/context.ts';
import { authedProcedure, publicProcedure, router } from '../trpc/procedures.ts';
import { chatEmbedSignInRouter } from './chat-embed-sign-in.ts';
import { chatMemoriesRouter } from './chat-memories.ts';
import { chatReachOutsRouter, chatRemindersRouter } from './chat-reach-outs.ts';

/** The fan's country for the crisis services (docs/safety.md): a CDN's country header, else the browser's language region. */
function requestCountry(req: FastifyRequest): string | null {
  const header = (name: string) => {
    const value = req.headers[name];
    return Array.isArray(value) ? value[0] : value;
  };
  return countryFromRequest({
    cdnCountry: header('cf-ipcountry') ?? header('cloudfront-viewer-country'),
    acceptLanguage: header('accept-language'),
  });
}

/** The domain's reply port, backed by the `chat.reply` queue: the job commits with the send. */
export function chatReplyQueue(boss: PgBoss): ChatReplyQueue {
  return {
    async enqueueReply(tx: Transaction, job, changes) {
      await enqueue(boss, 'chat.reply', job, { tx, changes });
    },
  };
}

export const chatRouter = router({
  /**
   * Creates the anonymous fan and its session when signed out (limited per address), then finds or
   * creates the chat, in one transaction: a refused or failed open leaves no anonymous fan behind.
   */
  open: publicProcedure
    .input(chatOpenInput)
    .output(chatOpenOutput)
    .mutation(async ({ ctx, input }) => {
      const viewer: Viewer = ctx.user;
      if (viewer) return ctx.write((tx) => openChat(tx, viewer, input));
      const { opened, session } = await ctx.write(async (tx) => {
        const id = await createAnonymousFan(tx, {
          freeCredits: ctx.env.FAN_FREE_CREDITS,
          address: ctx.req.ip,
          perAddress: ctx.env.ANONYMOUS_FANS_PER_ADDRESS,
        });
        // A browser without a viewer has no session to end.
        const started = await switchSession(tx, id, undefined);
        return { opened: await openChat(tx, { id, role: 'USER', managedTalentIds: [] }, input), session: started };
      });
      setSessionCookie(ctx.res, ctx.env, session);
      return opened;
    }),

  /** Newest first, 50 a page; the chat's fan, the talent's managers and admins. */
  messages: authedProcedure
    .input(chatMessagesInput)
    .output(chatMessagesOutput)
    .query(({ ctx, input }) => listChatMessages(ctx.db, ctx.user, input)),

  send: authedProcedure
    .input(chatSendInput)
    .output(chatSendOutput)
    .mutation(async ({ ctx, input }) => {
      const replies = chatReplyQueue(ctx.jobs);
      // Before the transaction: with OpenAI the check is a network call, and no lock waits on it.
      const checked = await ctx.crisisCheck.check(input.text);
      const crisis = { signal: checked.crisis, country: requestCountry(ctx.req) };
      const result = await ctx.write((tx) =>
        sendChatMessage(tx, ctx.user, { ...input, crisis, moderation: checked.moderation }, { replies }),
      );
      return {
        ...(result.notices.length > 0 ? { notices: result.notices } : {}),
        message: result.message,
        ...(result.reply ? { reply: result.reply } : {}),
        balance: result.balance,
      };
    }),

  /**
   * The age gate of twins above SAFE (docs/safety.md): the fan's date of birth goes to the age
   * verification port (offline: the declaration itself); only the verdict is stored on the account.
   */
  confirmAge: authedProcedure
    .input(chatConfirmAgeInput)
    .output(chatConfirmAgeOutput)
    .mutation(async ({ ctx, input }) => {
      const viewer = ctx.user;
      const now = new Date();
      // Before the transaction: a provider may be a network call.
      const verdict = await ctx.ageVerification.verify({ userId: viewer.id, birthDate: input.birthDate, now });
      return ctx.write((tx) => confirmAge(tx, viewer, { verdict, now }));
    }),

  unlock: authedProcedure
    .input(chatUnlockInput)
    .output(chatUnlockOutput)
    .mutation(async ({ ctx, input }) => {
      const result = await ctx.write((tx) => unlockAttachment(tx, ctx.user, input));
      return { attachment: result.attachment, balance: result.balance };
    }),

  react: authedProcedure
    .input(chatReactInput)
    .output(chatReactOutput)
    .mutation(async ({ ctx, input }) => {
      await ctx.write((tx) => reactToMessage(tx, ctx.user, input));
      return { ok: true as const };
    }),

  /** What the twin remembers about this fan (chat-memories.ts). */
  memories: chatMemoriesRouter,

  /** The fan's switch for the twin's reach-outs (chat-reach-outs.ts). */
  reachOuts: chatReachOutsRouter,
  /** Reminders the fan asked the twin for, still to come (chat-reach-outs.ts). */
  reminders: chatRemindersRouter,
  /** Signing in from the chat framed on a creator's site (chat-embed-sign-in.ts). */
  embedSignIn: chatEmbedSignInRouter,
});
