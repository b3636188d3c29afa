// The fan's own view of the reminders they asked for (docs/reach-out.md#remind-me): those the twin
// has not sent yet, in the memory sheet, each of which the fan can cancel. Only the chat's own fan;
// anyone else learns nothing (NOT_FOUND, as for the chat).
import { chats, type Executor, fanReminders, recordChanges, type Transaction } from '@doppel/db';
import type { ChatReminderView } from '@doppel/validation';
import { and, asc, eq, gt, sql } from 'drizzle-orm';
import type { Viewer } from '../access/scopes.ts';
import { DomainError } from '../errors.ts';
import { fanChat } from './fan-switch.ts';

/** A due reminder is still sent this long after its time (quiet hours, caps): the sweep's window. */
const reminderLateDays = 2;

/** Not sent yet: no reach-out of its occasion, and not past the window in which it would be. */
function pending(now: Date) {
  return and(
    gt(fanReminders.dueAt, sql`${now.toISOString()}::timestamptz - make_interval(days => ${reminderLateDays})`),
    sql`not exists (select 1 from reach_outs o where o.talent_id = ${fanReminders.talentId}
      and o.user_id = ${fanReminders.userId} and o.occasion_key = 'remind:' || ${fanReminders.id})`,
  );
}

/** `chat.reminders.list`: this chat's reminders still to come, soonest first. */
export async function listChatReminders(
  db: Executor,
  viewer: Viewer,
  chatId: string,
  now = new Date(),
): Promise<{ reminders: ChatReminderView[] }> {
  await fanChat(db, viewer, chatId);
  const rows = await db
    .select({ id: fanReminders.id, about: fanReminders.about, dueAt: fanReminders.dueAt })
    .from(fanReminders)
    .where(and(eq(fanReminders.chatId, chatId), pending(now)))
    .orderBy(asc(fanReminders.dueAt), asc(fanReminders.id));
  return { reminders: rows.map((row) => ({ ...row, dueAt: row.dueAt.toISOString() })) };
}

/**
 * `chat.reminders.cancel`: the reminder is not sent. One already sent (or cancelled) is refused with
 * NOT_FOUND and changes nothing. The reach-out job's sending takes the chat's lock, and so does this:
 * a reminder is either cancelled or sent, never both.
 */
export async function cancelChatReminder(
  tx: Transaction,
  viewer: Viewer,
  input: { chatId: string; reminderId: string },
  now = new Date(),
): Promise<{ cancelled: true }> {
  await fanChat(tx, viewer, input.chatId);
  await tx.select({ id: chats.id }).from(chats).where(eq(chats.id, input.chatId)).for('no key update');
  const deleted = await tx
    .delete(fanReminders)
    .where(and(eq(fanReminders.id, input.reminderId), eq(fanReminders.chatId, input.chatId), pending(now)))
    .returning({ id: fanReminders.id });
  if (deleted.length === 0) throw new DomainError('NOT_FOUND', 'This reminder was already sent or cancelled.');
  await recordChanges(tx, [{ entity: 'fan_reminders', rowId: input.reminderId, scopes: [`chat:${input.chatId}`] }]);
  return { cancelled: true };
}
