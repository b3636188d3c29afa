// Bulk data for the admin list plan tests and the admin-lists benchmark: many users, talents,
// chats, messages (some with reactions), FAQs, Discover entries and payments, written in set-based SQL so a
// million rows take seconds, not minutes. Ids are `b{kind}{number}` so they read back in a plan.
import type postgres from 'postgres';

export type BulkSize = {
  users: number;
  talents: number;
  /** At most users × talents: one chat per fan and twin. */
  chats: number;
  messages: number;
  /** FAQs, and as many payouts, broadcasts and payments (with their ledger entries). */
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
  if (size.faqs > 0 && size.users > 0 && size.talents > 0) await seedBulkPayments(sql, size);
  await sql`analyze`;
}

const bulkProducts = [
  ['bpr1', 'Bulk 100 credits', 'ONE_TIME', 100, 1000],
  ['bpr2', 'Bulk VIP (monthly)', 'SUBSCRIPTION', null, 999],
  ['bpr3', 'Bulk 100 credits (App Store)', 'APPLE_ONE_TIME', 100, 1099],
  ['bpr4', 'Bulk 100 credits (Google Play)', 'GOOGLE_ONE_TIME', 100, 1099],
] as const;

/**
 * Payments of every price type (product `bpr{1 + i mod 4}`), every tenth a sandbox one, each with
 * its PURCHASE entry; every 25th partly refunded and every 97th disputed, so statuses vary.
 */
async function seedBulkPayments(sql: postgres.Sql, size: BulkSize): Promise<void> {
  for (const [id, name, priceType, credits, priceAmount] of bulkProducts) {
    await sql`
      insert into products (id, name, price_type, credits, price_amount)
      values (${id}, ${name}, ${priceType}::product_price_type, ${credits}, ${priceAmount})`;
  }
  await sql`
    insert into payments (id, movement_key, price_amount, original_price_amount, product_price_type, product_id,
      stripe_payment_intent_id, stripe_invoice_id, apple_transaction_id, google_transaction_id,
      user_id, talent_id, is_sandbox, created_at)
    select 'bpay' || i, 'bulk:' || i, p.price_amount, p.price_amount, p.price_type, p.id,
      case when i % 10 <> 0 and i % 4 in (0, 1) then 'pi_bulk' || i end,
      case when i % 10 <> 0 and i % 4 = 1 then 'in_bulk' || i end,
      case when i % 10 <> 0 and i % 4 = 2 then 'bulk-apple-' || i end,
      case when i % 10 <> 0 and i % 4 = 3 then 'GPA.bulk-' || i end,
      'bu' || (1 + i % ${size.users}), 'bt' || (1 + i % ${size.talents}), i % 10 = 0,
      now() - (i % 525600) * interval '1 minute'
    from generate_series(1, ${size.faqs}) as i
    join products p on p.id = 'bpr' || (1 + i % 4)`;
  await sql`
    insert into payment_ledger (id, key, kind, payment_id, user_id, talent_id, amount, paid_credits, created_at)
    select 'bpl' || p.id, p.movement_key || ':purchase', 'PURCHASE', p.id, p.user_id, p.talent_id, p.price_amount,
      coalesce(pr.credits, 0), p.created_at
    from payments p join products pr on pr.id = p.product_id
    where p.id like 'bpay%'`;
  await sql`
    insert into payment_ledger (id, key, kind, reason, payment_id, user_id, talent_id, amount, created_at)
    select 'bpr' || p.id, p.movement_key || ':reversal', 'REVERSAL',
      (case when i % 97 = 0 then 'DISPUTE' else 'REFUND' end)::payment_reversal_reason,
      p.id, p.user_id, p.talent_id, -(case when i % 97 = 0 then p.price_amount else p.price_amount / 2 end),
      p.created_at + interval '1 hour'
    from generate_series(1, ${size.faqs}) as i
    join payments p on p.id = 'bpay' || i
    where i % 25 = 0 or i % 97 = 0`;
}
