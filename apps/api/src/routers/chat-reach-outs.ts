// The fan's switch for the twin reaching out on its own (chat.reachOuts.*, docs/reach-out.md), and
// the reminders they asked for (chat.reminders.*). Only the chat's own fan; anyone else gets
// NOT_FOUND, as for the chat.
import { cancelChatReminder, getChatReachOuts, listChatReminders, setChatReachOuts } from '@doppel/domain/reach-out';
import {
  chatReachOutsInput,
  chatReachOutsOutput,
  chatReachOutsSetInput,
  chatReminderCancelInput,
  chatReminderCancelOutput,
  chatRemindersOutput,
} from '@doppel/validation';
import { authedProcedure, router } from '../trpc/procedures.ts';

export const chatReachOutsRouter = router({
  get: authedProcedure
    .input(chatReachOutsInput)
    .output(chatReachOutsOutput)
    .query(({ ctx, input }) => getChatReachOuts(ctx.db, ctx.user, input.chatId)),

  set: authedProcedure
    .input(chatReachOutsSetInput)
    .output(chatReachOutsOutput)
    .mutation(({ ctx, input }) => ctx.write((tx) => setChatReachOuts(tx, ctx.user, input))),
});

export const chatRemindersRouter = router({
  list: authedProcedure
    .input(chatReachOutsInput)
    .output(chatRemindersOutput)
    .query(({ ctx, input }) => listChatReminders(ctx.db, ctx.user, input.chatId)),

  cancel: authedProcedure
    .input(chatReminderCancelInput)
    .output(chatReminderCancelOutput)
    .mutation(({ ctx, input }) => ctx.write((tx) => cancelChatReminder(tx, ctx.user, input))),
});
