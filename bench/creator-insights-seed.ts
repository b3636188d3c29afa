// The creator-insights benchmark's data: one big twin and a few small ones, each fan with a chat of
// question and answer pairs spread over the last twelve months, written in set-based SQL (as
// packages/db/src/bulk-seed.ts) so four hundred thousand messages take seconds. Ids read back in a
// plan: `it{twin}` talents, `iu{n}` fans, `ic{twin}_{n}` chats, `im{twin}_{chat}_{pair}f|r` messages.
import type postgres from 'postgres';

export const bigTwinId = 'it0';
export const managerId = 'iu-manager';
export const bigTwinPendingDrafts = 200;
const smallTwins = 5;
const smallTwinPendingDrafts = 20;

/** Fan messages: questions the FAQ does not answer (knowledge-gap material) and chatter that is no question. */
const fanTexts = [
  'Do you ship merch to Canada?',
  'Where is your merch made?',
  'What is your favourite pizza topping?',
  'Which pizza topping do you like best?',
  'When is your next live show in Berlin?',
  'Are you touring in Europe this summer?',
  'How do you stay motivated when training?',
  'What camera do you film your videos with?',
  'Can you recommend a good book to read?',
  'What was your first job ever?',
  'Do you have any pets at home?',
  'What music do you listen to when you work?',
  'How did you get started making videos?',
  'What is your morning routine like?',
  'Will you ever release a cookbook?',
  'Which city do you love visiting most?',
  'haha love that',
  'good morning!',
  'thanks so much',
  'ok',
  'you are the best, seriously',
  'lol same',
];
const twinTexts = [
  'Great question! I get asked that a lot, honestly.',
  'Haha, you made my day with that one.',
  'Thanks for sticking around, it means a lot to me.',
  'Oh I love talking about this, let me tell you.',
];
/** One fan message in this many mentions a word no other message has: the rare search. */
export const rareWord = 'tarantula';
const rareEvery = 1500;

/** The twin's own FAQ (two of the fans' questions are answered there) and one global FAQ. */
const ownFaq = ['Do you ship merch to Canada?', 'What camera do you film your videos with?', 'How old are you?'];
const globalFaq = ['How do credits work?', 'Can I get a refund?', 'Is this really the creator?'];

const sqlTextArray = (texts: readonly string[]) => `array[${texts.map((text) => `'${text.replace(/'/g, "''")}'`).join(', ')}]`;

export type InsightsSize = { bigTwinFans: number; smallTwinFans: number };

/**
 * The chat plan per twin: chat c has 1 to 17 question and answer pairs (every thousandth chat is a
 * whale with 1,000), its last activity between one hour and 330 days ago, spread evenly over that
 * age, and its pairs over the 30 days before it. Every fifth fan pays, every eighth subscribes.
 */
async function planChats(sql: postgres.Sql, size: InsightsSize): Promise<void> {
  await sql`
    create unlogged table bench_chat_plan as
    select t, c, 'it' || t as talent_id, 'ic' || t || '_' || c as chat_id, 'iu' || (c + 1) as fan_id,
      pairs, now() - interval '1 hour' - ((c::bigint * 104729) % fans)::float8 / fans * interval '330 days' as last_at,
      interval '30 days' / pairs as gap, c % 5 = 0 as paying, c % 8 = 3 as subscriber
    from generate_series(0, ${smallTwins}) as t,
      lateral (select case when t = 0 then ${size.bigTwinFans}::int else ${size.smallTwinFans}::int end as fans) as f,
      generate_series(0, fans - 1) as c,
      lateral (select case when c % 1000 = 7 then 1000 else 1 + (c::bigint * 7919) % 17 end as pairs) as p`;
  await sql`
    create unlogged table bench_pair_plan as
    select p.*, j, 'im' || t || '_' || c || '_' || j as message_id, last_at - (pairs - 1 - j) * gap as at
    from bench_chat_plan p, generate_series(0, pairs - 1) as j`;
}

async function seedPeopleAndTwins(sql: postgres.Sql, size: InsightsSize): Promise<void> {
  const fans = Math.max(size.bigTwinFans, size.smallTwinFans);
  await sql`
    insert into users (id, name, email, is_anonymous, created_at)
    select 'iu' || i, case when i % 3 = 0 then '' else 'Fan ' || i end,
      case when i % 3 = 0 then null else 'fan' || i || '@bench.test' end, i % 3 = 0, now() - interval '400 days'
    from generate_series(1, ${fans}) as i`;
  await sql`insert into users (id, name, email) values (${managerId}, 'Bench creator', 'creator@bench.test')`;
  await sql`
    insert into talents (id, name, tag, created_at)
    select 'it' || t, 'Bench twin ' || t, 'insights_' || t, now() - interval '400 days' from generate_series(0, ${smallTwins}) as t`;
  await sql`insert into talent_managers (user_id, talent_id) values (${managerId}, ${bigTwinId})`;
  await sql`insert into faqs (id, name, talent_id) values ('if-own', 'Bench twin FAQ', ${bigTwinId}), ('if-global', 'Global FAQ', null)`;
  await sql.unsafe(`
    insert into faq_items (id, faq_id, position, question, answer)
    select faq || '-' || n, faq, n, question, 'An answer.'
    from (select 'if-own' as faq, n, question from unnest(${sqlTextArray(ownFaq)}) with ordinality as q(question, n)
      union all select 'if-global', n, question from unnest(${sqlTextArray(globalFaq)}) with ordinality as q(question, n)) as items`);
  // The big twin holds replies for approval, so its inbox and the `held` filter have material.
  await sql`
    insert into talent_configs (id, faq_id, reply_approval)
    select 'it' || t, case when t = 0 then 'if-own' end, t = 0 from generate_series(0, ${smallTwins}) as t`;
  await sql`
    insert into products (id, name, price_type, credits, price_amount)
    values ('ipr1', 'Bench 100 credits', 'ONE_TIME', 100, 1000), ('ipr2', 'Bench VIP (monthly)', 'SUBSCRIPTION', null, 999)`;
}

/**
 * Pairs of a fan message and the twin's answer 20 s later, each answer with its ChatPrompt: a
 * third carried no FAQ item, a sixth only items below the minimum score (both are knowledge
 * gaps), the rest an item above it. Answers get a reaction now and then (thumbs down 2 %), and
 * one fan message in 200 is boundary-flagged.
 */
async function seedMessages(sql: postgres.Sql): Promise<void> {
  await sql`
    insert into chats (id, user_id, talent_id, chat_message_count, has_user_interaction,
      has_user_interaction_with_non_anonymous_user, has_user_interaction_with_paid_credits,
      has_user_interaction_with_subscription, last_user_message_at, created_at, updated_at)
    select chat_id, fan_id, talent_id, 2 * pairs, true, (c + 1) % 3 <> 0, paying, subscriber, last_at,
      last_at - (pairs - 1) * gap, last_at + interval '20 second'
    from bench_chat_plan`;
  await sql.unsafe(`
    insert into chat_messages (id, chat_id, sender_type, text, spent_free_credits, spent_paid_credits, created_at)
    select message_id || 'f', chat_id, 'USER',
      case when (c + j * 7) % ${rareEvery} = 0 then 'Have you ever held a ${rareWord}?'
        else (${sqlTextArray(fanTexts)})[1 + (c * 31 + j * 17) % ${fanTexts.length}] end,
      case when paying and j % 2 = 0 then 0 else 1 end, case when paying and j % 2 = 0 then 1 else 0 end, at
    from bench_pair_plan`);
  await sql.unsafe(`
    insert into chat_messages (id, chat_id, sender_type, text, reaction, reply_to_message_id, created_at)
    select message_id || 'r', chat_id, 'TALENT', (${sqlTextArray(twinTexts)})[1 + (c + j) % ${twinTexts.length}],
      (case (c + j) % 50 when 1 then 'THUMBS_DOWN' when 26 then 'THUMBS_UP' end)::reaction,
      message_id || 'f', at + interval '20 second'
    from bench_pair_plan`);
  await sql`
    insert into chat_prompts (id, chat_id, llm_type, llm_temperature, faq_items, faq_min_score, created_at)
    select message_id || 'r', chat_id, 'OPENAI', 1,
      case when (c * 7 + j) % 6 < 2 then '[]'::jsonb
        when (c * 7 + j) % 6 = 2 then '[{"question": "How do credits work?", "score": 0.2}]'::jsonb
        else '[{"question": "Do you ship merch to Canada?", "score": 0.8}]'::jsonb end,
      case when j % 2 = 0 then 0.35 end, at + interval '20 second'
    from bench_pair_plan`;
  await sql`
    insert into boundary_flags (id, chat_id, message_id, talent_id, side, reason, matched, created_at)
    select 'ib' || message_id, chat_id, message_id || 'f', talent_id, 'FAN', 'TOPIC', 'politics', at
    from bench_pair_plan where (c * 13 + j) % 200 = 0`;
}

/** A payment for every fourth message of a paying fan; one subscription per subscriber, with its first payment. */
async function seedMoney(sql: postgres.Sql): Promise<void> {
  await sql`
    insert into payments (id, movement_key, price_amount, original_price_amount, product_price_type, product_id, user_id, talent_id, created_at)
    select 'ip' || message_id, 'bench:' || message_id, 1000, 1000, 'ONE_TIME', 'ipr1', fan_id, talent_id, at - interval '1 minute'
    from bench_pair_plan where paying and j % 4 = 0`;
  // Active when the fan wrote in the last 30 days, else ended a day after their last message.
  await sql`
    insert into subscriptions (id, provider, external_id, status, user_id, talent_id, product_id, current_period_end,
      ended_at, created_at, updated_at)
    select 'is' || chat_id, 'stripe', 'sub_' || chat_id, (case when active then 'ACTIVE' else 'ENDED' end)::subscription_status,
      fan_id, talent_id, 'ipr2', case when active then now() + interval '10 days' else ended end,
      case when active then null else ended end, started, coalesce(case when active then null else ended end, started)
    from bench_chat_plan,
      lateral (select last_at > now() - interval '30 days' as active, least(now(), last_at + interval '1 day') as ended,
        last_at - (pairs - 1) * gap as started) as s
    where subscriber`;
  await sql`
    insert into payments (id, movement_key, price_amount, original_price_amount, product_price_type, product_id, user_id,
      talent_id, subscription_id, created_at)
    select 'ip' || id, 'bench:' || id, 999, 999, 'SUBSCRIPTION', 'ipr2', user_id, talent_id, id, created_at
    from subscriptions`;
}

/**
 * Drafts: every twentieth answer went out as an approved draft (the inbox's index holds history),
 * and the chats with the newest activity end with a fan message whose reply is held (200 for the
 * big twin, 20 for each small one).
 */
async function seedDrafts(sql: postgres.Sql): Promise<void> {
  await sql`
    insert into reply_drafts (id, chat_id, talent_id, fan_message_id, text, prompt, status, decided_by_user_id, decided_at, created_at)
    select message_id || 'r', chat_id, talent_id, message_id || 'f', 'An approved reply.', '{}'::jsonb, 'APPROVED',
      ${managerId}, at + interval '20 second', at + interval '10 second'
    from bench_pair_plan where (c + j) % 20 = 3`;
  await sql`
    create unlogged table bench_held_plan as
    select chat_id, talent_id, c, last_at + interval '1 minute' as at
    from (select *, row_number() over (partition by t order by last_at desc) as rank from bench_chat_plan) as ranked
    where rank <= case when t = 0 then ${bigTwinPendingDrafts}::int else ${smallTwinPendingDrafts}::int end`;
  await sql.unsafe(`
    insert into chat_messages (id, chat_id, sender_type, text, spent_free_credits, created_at)
    select 'ih' || chat_id, chat_id, 'USER', (${sqlTextArray(fanTexts)})[1 + c % 16], 1, at from bench_held_plan`);
  await sql`
    insert into reply_drafts (id, chat_id, talent_id, fan_message_id, text, prompt, created_at)
    select 'id' || chat_id, chat_id, talent_id, 'ih' || chat_id, 'A held reply.', '{}'::jsonb, at + interval '10 second'
    from bench_held_plan`;
  await sql`
    update chats set chat_message_count = chat_message_count + 1, updated_at = h.at, last_user_message_at = h.at
    from bench_held_plan h where chats.id = h.chat_id`;
}

/** Writes everything, drops the plans, then VACUUM ANALYZE (as autovacuum would have by now). */
export async function seedCreatorInsights(sql: postgres.Sql, size: InsightsSize): Promise<void> {
  await planChats(sql, size);
  await seedPeopleAndTwins(sql, size);
  await seedMessages(sql);
  await seedMoney(sql);
  await seedDrafts(sql);
  await sql`drop table bench_chat_plan, bench_pair_plan, bench_held_plan`;
  await sql`vacuum analyze`;
}
