import { chatMessages, type Executor } from '@doppel/db';
import { and, eq, sql } from 'drizzle-orm';

/** Whether the chat holds an unlocked image from the twin (so the first-image price is spent). */
export async function chatHasUnlockedImage(db: Executor, chatId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: chatMessages.id })
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.chatId, chatId),
        eq(chatMessages.senderType, 'TALENT'),
        sql`${chatMessages.attachments} @> '[{"type":"IMAGE","isUnlocked":true}]'::jsonb`,
      ),
    )
    .limit(1);
  return row !== undefined;
}
