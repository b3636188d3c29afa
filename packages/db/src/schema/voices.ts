import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt } from './columns.ts';
import { genderEnum } from './enums.ts';

/** Defaults for a new voice and the fallback when a talent has none (docs/product-rules.md#constants-and-limits). */
export const defaultVoiceSettings = {
  stability: 0.5,
  similarityBoost: 0.7,
  style: 0,
  model: 'eleven_monolingual_v1',
  gender: 'FEMALE',
} as const;

/**
 * The voice catalogue edited on the admin app page (`App.voices` / `AppConfig.voices` of the original app).
 * `id` is the TTS provider's voice id. Talents keep a copy of their chosen voice in their config.
 */
export const voices = pgTable(
  'voices',
  {
    id: idColumn(),
    name: text().notNull(),
    stability: doublePrecision().notNull().default(defaultVoiceSettings.stability),
    similarityBoost: doublePrecision().notNull().default(defaultVoiceSettings.similarityBoost),
    style: doublePrecision().notNull().default(defaultVoiceSettings.style),
    model: text().notNull().default(defaultVoiceSettings.model),
    gender: genderEnum().notNull().default(defaultVoiceSettings.gender),
    sampleFilePath: text(),
    /** Order in the admin form and the creator's voice picker. */
    position: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('voices_gender_position_idx').on(t.gender, t.position),
    check(
      'voices_settings_range',
      sql`${t.stability} between 0 and 1 and ${t.similarityBoost} between 0 and 1 and ${t.style} between 0 and 1`,
    ),
  ],
);
