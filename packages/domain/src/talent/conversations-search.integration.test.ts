// The Conversations search finds the same chats whichever plan Postgres takes: the trigram index
// (chat_messages_text_trgm_idx, pg_trgm) or each chat's messages read in turn, as before the index.
// Both are forced in turn (planner switches in one transaction) and held to what the search means:
// a message of the twin's chats containing the text, case-insensitive, `%` `_` `\` taken literally.
import { createTestDatabase, type TestDatabase } from '@doppel/db/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Viewer } from '../access/scopes.ts';
import { listConversations } from './conversations.ts';

let database: TestDatabase;
const viewer: Viewer = { id: 'creator', role: 'USER', managedTalentIds: ['tA'] };
const texts: Record<string, string[]> = {
  cA1: ['I love Chocolate cake', 'ok'],
  cA2: ['100% sure', 'a_b and c'],
  cA3: ['Café au lait?', 'back\\slash'],
  cA4: ['nothing to see'],
  cB1: ['chocolate for the other twin', '100% theirs'],
};

beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  const { sql: raw } = database;
  await raw`insert into users (id, name, email) values ('creator', 'Creator', 'c@test.dev')`;
  await raw`insert into talents (id, name, tag) values ('tA', 'Twin A', 'twin_a'), ('tB', 'Twin B', 'twin_b')`;
  for (const [chat, messages] of Object.entries(texts)) {
    await raw`insert into users (id, name, email) values (${`fan_${chat}`}, 'Fan', ${`${chat}@test.dev`})`;
    await raw`insert into chats (id, user_id, talent_id) values (${chat}, ${`fan_${chat}`}, ${chat.startsWith('cA') ? 'tA' : 'tB'})`;
    for (const [n, text] of messages.entries()) {
      await raw`insert into chat_messages (id, chat_id, sender_type, text) values (${`${chat}_${n}`}, ${chat}, ${n % 2 ? 'TALENT' : 'USER'}, ${text})`;
    }
  }
  await raw`analyze`;
});
afterAll(() => database?.drop());

/** The twin's chats holding a message with the text, by the search's definition. */
const expected = (search: string) =>
  Object.entries(texts)
    .filter(
      ([chat, messages]) => chat.startsWith('cA') && messages.some((text) => text.toLowerCase().includes(search.toLowerCase())),
    )
    .map(([chat]) => chat)
    .sort();

/** Planner switches for one transaction: GIN is read by bitmap scans only, so without them no trigram index. */
const plans = {
  'the trigram index': ['enable_seqscan', 'enable_indexscan', 'enable_nestloop'],
  'each chat in turn': ['enable_bitmapscan'],
};

async function search(plan: keyof typeof plans, text: string) {
  return database.db.transaction(async (tx) => {
    for (const setting of plans[plan]) await tx.execute(sql.raw(`set local ${setting} = off`));
    const page = await listConversations(tx, viewer, { talentId: 'tA', filter: 'all', search: text, limit: 50 });
    return page.items.map((item) => item.id).sort();
  });
}

describe('Conversations search', () => {
  for (const text of ['chocolate', 'CHOCOLATE', 'Choc', '100%', '%', 'a_b', '_', 'Café', 'back\\sl', 'ok', 'o', 'zebra']) {
    it(`finds "${text}" the same through the trigram index and chat by chat`, async () => {
      expect(await search('the trigram index', text)).toEqual(expected(text));
      expect(await search('each chat in turn', text)).toEqual(expected(text));
    });
  }

  it('reads the trigram index when told to prefer it (the plan, not a timing)', async () => {
    const plan = await database.db.transaction(async (tx) => {
      for (const setting of plans['the trigram index']) await tx.execute(sql.raw(`set local ${setting} = off`));
      return tx.execute<{ 'QUERY PLAN': string }>(
        sql`explain select c.id from chats c where c.talent_id = 'tA'
          and exists (select 1 from chat_messages m where m.chat_id = c.id and m.text ilike '%chocolate%')`,
      );
    });
    expect([...plan].map((row) => row['QUERY PLAN']).join('\n')).toContain('chat_messages_text_trgm_idx');
  });
});
