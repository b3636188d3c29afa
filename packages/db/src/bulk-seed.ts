// Bulk data for the admin list plan tests and the admin-lists benchmark: many users, talents,
// chats, messages (some with reactions), FAQs and Discover entries, written in set-based SQL so a
// million rows take seconds, not minutes. Ids are `b{kind}{number}` so they read back in a plan.
import type postgres from 'postgres';

export type BulkSize = {
  users: number;
  talents: number;
  /** At most users × talents: one chat per fan and twin. */
  chats: number;
  messages: number;
  /** FAQs, and as many payouts and broadcasts. */
  faqs: number;
};

/**
 * Writes the rows, then ANALYZE, so the planner sees their real numbers. Rows spread over a year
 * of creation times; every 50th message carries a reaction, alternating thumbs down and up.
 */
export async function seedBulkAdminData(sql: postgres.Sql, size: BulkSize): Promise<void> {
  if (size.chats > size.users * size.talents) throw new Error('more chats than fan and twin pairs');
  await sql`
    insert into users (id, name, email, role, waitlist_status, created_at)
    select 'bu' || i, 'Bulk user ' || i, 'bulk' || i || '@bulk.test',
      (case when i % 1000 = 0 then 'ADMIN' else 'USER' end)::user_role,
      (case i % 4 when 0 then 'PENDING' when 1 then 'ACCEPTED' when 2 then 'REJECTED' end)::waitlist_status,
      now() - (i % 525600) * interval '1 minute'
    from generate_series(1, ${size.users}) as i`;
  await sql`
    insert into talents (id, name, tag, created_at)
    select 'bt' || i, 'Bulk talent ' || i, 'bulk_' || i, now() - (i % 525600) * interval '1 minute'
    from generate_series(1, ${size.talents}) as i`;
  await sql`
    insert into talent_configs (id, chat_count)
    select 'bt' || i, i % 997 from generate_series(1, ${size.talents}) as i`;
  // Every fourth accepted user manages a talent: the users list's Live filter.
  await sql`
    insert into talent_managers (user_id, talent_id)
    select 'bu' || i, 'bt' || (1 + i % ${size.talents}) from generate_series(1, ${size.users}) as i where i % 16 = 1`;
  // Chat i pairs fan (i mod users) with talent (i div users mod talents): every pair once.
  await sql`
    insert into chats (id, user_id, talent_id, chat_message_count, has_user_interaction,
      has_user_interaction_with_non_anonymous_user, has_user_interaction_with_paid_credits, created_at, updated_at)
    select 'bc' || i, 'bu' || (1 + i % ${size.users}), 'bt' || (1 + (i / ${size.users}) % ${size.talents}),
      i % 40, i % 10 <> 0, i % 2 = 1, i % 7 = 1,
      now() - (i % 525600) * interval '1 minute', now() - (i % 86400) * interval '1 second'
    from generate_series(0, ${size.chats - 1}) as i`;
  await sql`
    insert into chat_messages (id, chat_id, sender_type, text, reaction, created_at)
    select 'bm' || i, 'bc' || (i % ${size.chats}),
      (case when i % 2 = 0 then 'USER' else 'TALENT' end)::sender_type, 'Bulk message ' || i,
      (case when i % 100 = 1 then 'THUMBS_DOWN' when i % 100 = 51 then 'THUMBS_UP' end)::reaction,
      now() - (i % 5256000) * interval '6 second'
    from generate_series(0, ${size.messages - 1}) as i`;
  await sql`
    insert into faqs (id, name, talent_id)
    select 'bf' || i, 'Bulk FAQ ' || i, case when i % 10 = 0 then 'bt' || (1 + i % ${size.talents}) end
    from generate_series(1, ${size.faqs}) as i`;
  await sql`
    insert into public_talents (id, name, "order", is_visible_record)
    select 'bt' || i, 'Bulk talent ' || i, i % 1000, jsonb_build_object('discoverFeed', i % 3 = 0)
    from generate_series(1, ${size.talents}) as i`;
  // Payouts and broadcasts for the talent detail's tabs: half of them the first talent's, so its
  // lists run many pages deep; the rest spread over the talents.
  await sql`
    insert into payouts (id, talent_id, status, amount, transfer_type, created_at)
    select 'bp' || i, 'bt' || (case when i % 2 = 0 then 1 else 1 + i % ${size.talents} end),
      (case i % 4 when 0 then 'PENDING' when 1 then 'EXECUTED' when 2 then 'REJECTED' else 'FAILED' end)::payout_status,
      2000 + i % 10000, 'BANK_TRANSFER', now() - (i % 525600) * interval '1 minute'
    from generate_series(1, ${size.faqs}) as i`;
  await sql`
    insert into broadcasts (id, talent_id, message, scheduled_at)
    select 'bb' || i, 'bt' || (case when i % 2 = 0 then 1 else 1 + i % ${size.talents} end), 'Bulk broadcast ' || i, now() - (i % 525600) * interval '1 minute'
    from generate_series(1, ${size.faqs}) as i`;
  await sql`analyze`;
}
