// Fans for broadcast tests and the broadcasts bench, written in set-based SQL: `matching` signed-in
// fans who last wrote to the twin between one hour and 29 days ago (the audience of docs/product-rules.md#broadcasts), and
// `others` fans of each kind the audience leaves out: anonymous, wrote within the last 10 minutes,
// wrote over a month ago, never wrote. Ids are `{prefix}u{n}` and `{prefix}c{n}`.
import { sql } from 'drizzle-orm';
import type { Database } from './client.ts';

export type BroadcastFans = { prefix: string; talentId: string; matching: number; others: number };

export async function seedBroadcastFans(db: Database, fans: BroadcastFans): Promise<void> {
  const { prefix, talentId, matching, others } = fans;
  // kind 0 = matching, 1 = anonymous, 2 = wrote lately, 3 = wrote long ago, 4 = never wrote.
  const kinds = sql`
    select n, case when n <= ${matching} then 0 else 1 + (n - ${matching} - 1) % 4 end as kind
    from generate_series(1, ${matching}::int + 4 * ${others}::int) as n`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`
      insert into users (id, name, email, is_anonymous, credits)
      select ${prefix} || 'u' || n, 'Fan ' || n,
        case when kind = 1 then null else ${prefix} || '-fan-' || n || '@example.com' end, kind = 1, 10
      from (${kinds}) fans`);
    await tx.execute(sql`
      insert into chats (id, user_id, talent_id, chat_message_count, has_user_interaction, last_user_message_at)
      select ${prefix} || 'c' || n, ${prefix} || 'u' || n, ${talentId}, case when kind = 4 then 1 else 3 end, kind <> 4,
        case kind
          when 2 then now() - interval '2 minutes'
          when 3 then now() - interval '40 days'
          when 4 then null
          else now() - interval '1 hour' - (n % 28) * interval '1 day'
        end
      from (${kinds}) fans`);
  });
}
