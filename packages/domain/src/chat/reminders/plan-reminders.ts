// The reminders inside chat.send (docs/safety.md, Reminders): before a fan message is stored, the
// system lines now due are stored with it, as TALENT-side rows the twin did not write (like the
// crisis protocol's safety reply): never charged, shown live and kept in the chat.
import { chatMessages, type Executor, newId } from '@doppel/db';
import type { ChatNoticeKind } from '@doppel/validation';
import { type AnyColumn, and, asc, desc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import { dueReminders, reminderText } from './reminder-rules.ts';

/**
 * When the fan was last told that this is an AI: the chat's latest reminder, else its first fan
 * message. Two indexed single-row reads, issued together (chat_messages_chat_notice_created_idx
 * and chat_messages_chat_created_idx).
 */
export async function lastToldAt(tx: Executor, chatId: string): Promise<Date | null> {
  const [[notice], [first]] = await Promise.all([
    tx
      .select({ at: chatMessages.createdAt })
      .from(chatMessages)
      .where(and(eq(chatMessages.chatId, chatId), isNotNull(chatMessages.notice)))
      .orderBy(desc(chatMessages.createdAt))
      .limit(1),
    tx
      .select({ at: chatMessages.createdAt })
      .from(chatMessages)
      .where(and(eq(chatMessages.chatId, chatId), eq(chatMessages.senderType, 'USER')))
      .orderBy(asc(chatMessages.createdAt))
      .limit(1),
  ]);
  return notice?.at ?? first?.at ?? null;
}

/**
 * `lastToldAt` as one expression, for a statement that reads the chat anyway (the send's chat lock,
 * send-message.ts): `chatId` is that statement's chat id column. The same two indexed single-row
 * reads (Postgres answers max and min from the indexes), without a statement of their own.
 */
export function lastToldAtSql(chatId: AnyColumn): SQL<Date | null> {
  return sql<Date | null>`coalesce((select max(${chatMessages.createdAt}) from ${chatMessages} where ${chatMessages.chatId} = ${chatId} and ${chatMessages.notice} is not null), (select min(${chatMessages.createdAt}) from ${chatMessages} where ${chatMessages.chatId} = ${chatId} and ${chatMessages.senderType} = 'USER'))`.mapWith(
    chatMessages.createdAt,
  );
}

/**
 * The rows of the reminders due now, timed just before the fan message at `now` so that they
 * stand above it in the chat.
 */
export function reminderRows(input: {
  chatId: string;
  twinName: string;
  since: Date | null;
  now: Date;
  fanIsMinor: boolean;
}): (typeof chatMessages.$inferInsert)[] {
  const due: ChatNoticeKind[] = dueReminders(input);
  return due.map((kind, index) => ({
    id: newId(),
    chatId: input.chatId,
    senderType: 'TALENT' as const,
    text: reminderText(kind, input.twinName),
    notice: kind,
    createdAt: new Date(input.now.getTime() - (due.length - index)),
  }));
}
