// The broadcast audience (docs/product-rules.md#broadcasts): users who signed in (not anonymous), have not interacted with any
// twin in the last 10 minutes, and did in the last month. "Interacted" is a fan message, kept per
// chat in chats.last_user_message_at by the send path. With a twin, each such fan's chat with it;
// without one, each fan's most recent chat, so a fan gets one message however many twins they know.
import { type SQL, sql } from 'drizzle-orm';

export const audienceQuietPeriod = '10 minutes';
export const audienceActivePeriod = '1 month';

/**
 * Selects `(chat_id, chunk)` for the audience at `now`, numbered into chunks of `chunkSize` in chat
 * id order. One set-based statement: the caller inserts its rows into broadcast_recipients.
 */
export function audienceChunksQuery(input: { talentId: string | null; now: Date; chunkSize: number }): SQL {
  const now = sql`${input.now.toISOString()}::timestamptz`;
  const audience = sql`
    select c.user_id
    from chats c
    join users u on u.id = c.user_id and not u.is_anonymous
    where c.last_user_message_at is not null
    group by c.user_id
    having max(c.last_user_message_at) >= ${now} - interval '${sql.raw(audienceActivePeriod)}'
      and max(c.last_user_message_at) < ${now} - interval '${sql.raw(audienceQuietPeriod)}'`;
  const chatsOfAudience = input.talentId
    ? sql`
      select c.id as chat_id
      from chats c
      join (${audience}) a on a.user_id = c.user_id
      where c.talent_id = ${input.talentId} and c.last_user_message_at is not null`
    : sql`
      select distinct on (c.user_id) c.id as chat_id
      from chats c
      join (${audience}) a on a.user_id = c.user_id
      where c.last_user_message_at is not null
      order by c.user_id, c.last_user_message_at desc, c.id`;
  return sql`
    select chat_id, (((row_number() over (order by chat_id)) - 1) / ${input.chunkSize}::int)::int as chunk
    from (${chatsOfAudience}) chosen`;
}
