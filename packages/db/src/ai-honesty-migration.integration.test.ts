// Migration 0015: an installation seeded before the twin was told to say it is an AI gets the new
// wording in both chat prompt templates; a prompt an admin rewrote keeps their words.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { migrationsFolder } from './migrate.ts';
import { aiHonestyRule } from './seed/content.ts';
import { seedDemoData } from './seed/index.ts';
import { createTestDatabase, type TestDatabase } from './testing.ts';

const migration = readFileSync(join(migrationsFolder, '0015_ai_twin_says_it_is_an_ai.sql'), 'utf8');
const oldOpening = 'You are {{name}}, a {{age}}-year-old creator chatting one-on-one with a fan in a private messenger.';
const oldRule = 'Stay in character as {{name}} at all times and never mention that you are an AI or a language model.';

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase(inject('postgresServerUrl'));
  await seedDemoData(database.db);
});
afterAll(() => database?.drop());

const templates = async () => {
  const [row] = await database.sql<{ plain: string; faq: string }[]>`
    select chat_prompt_template as plain, chat_prompt_template_for_faq as faq from app_configs`;
  if (!row) throw new Error('no app_configs row');
  return row;
};

describe('migration 0015: the twin says it is an AI', () => {
  it('rewrites the seeded wording that told the twin to hide it, in both templates', async () => {
    const seeded = await templates();
    // The templates as installations seeded before the change hold them.
    const before = (text: string) =>
      text
        .replace(
          'You are the AI twin of {{name}}, a {{age}}-year-old creator, chatting',
          'You are {{name}}, a {{age}}-year-old creator chatting',
        )
        .replace(`Speak as {{name}} would, in the first person and in their voice.\n${aiHonestyRule}`, oldRule);
    await database.sql`update app_configs set chat_prompt_template = ${before(seeded.plain)}, chat_prompt_template_for_faq = ${before(seeded.faq)}`;
    expect((await templates()).plain).toContain(oldRule);

    await database.sql.unsafe(migration);
    const after = await templates();
    expect(after).toEqual(seeded);
    for (const text of [after.plain, after.faq]) {
      expect(text).toContain(aiHonestyRule);
      expect(text).not.toContain('never mention that you are an AI');
      expect(text).not.toContain(oldOpening);
    }
  });

  it('leaves a prompt an admin rewrote as it is', async () => {
    const custom = 'You are {{name}}. Be kind.';
    await database.sql`update app_configs set chat_prompt_template = ${custom}`;
    await database.sql.unsafe(migration);
    expect((await templates()).plain).toBe(custom);
  });
});
