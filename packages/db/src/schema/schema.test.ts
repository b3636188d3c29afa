import * as enums from '@doppel/validation';
import { getTableConfig, isPgEnum, type PgEnum, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from './index.ts';

const exported: unknown[] = Object.values(schema);
const tables = exported.filter((value): value is PgTable => value instanceof PgTable);
const pgEnums = exported.filter((value): value is PgEnum<[string, ...string[]]> => isPgEnum(value));

/** Tuples that are stored as Postgres enums; the rest live in text[], text or jsonb columns. */
const enumTuples = {
  genders: enums.genders,
  purposes: enums.purposes,
  waitlistPlatforms: enums.waitlistPlatforms,
  userRoles: enums.userRoles,
  waitlistStatuses: enums.waitlistStatuses,
  senderTypes: enums.senderTypes,
  reactions: enums.reactions,
  broadcastStatuses: enums.broadcastStatuses,
  payoutStatuses: enums.payoutStatuses,
  transferTypes: enums.transferTypes,
  modelVersionStatuses: enums.modelVersionStatuses,
  productPriceTypes: enums.productPriceTypes,
  earningFrameRanges: enums.earningFrameRanges,
  attachmentTypes: enums.attachmentTypes,
  checkoutStatuses: enums.checkoutStatuses,
  checkoutModes: enums.checkoutModes,
  paymentProviders: enums.paymentProviders,
  subscriptionStatuses: enums.subscriptionStatuses,
  paymentLedgerKinds: enums.paymentLedgerKinds,
  paymentReversalReasons: enums.paymentReversalReasons,
  paymentProblems: enums.paymentProblems,
  chatCallsToAction: enums.chatCallsToAction,
  talentLedgerKinds: enums.talentLedgerKinds,
  earningSources: enums.earningSources,
};

describe('schema enumerations', () => {
  it.each(Object.entries(enumTuples))('stores %s as a Postgres enum with exactly the validation values', (_, tuple) => {
    const match = pgEnums.find((pgEnum) => JSON.stringify(pgEnum.enumValues) === JSON.stringify(tuple));
    expect(match, `no pgEnum with values ${tuple.join(', ')}`).toBeDefined();
  });

  it('has no Postgres enum that drifted from the validation tuples', () => {
    const known = Object.values(enumTuples).map((tuple) => JSON.stringify(tuple));
    for (const pgEnum of pgEnums) expect(known, `pgEnum ${pgEnum.enumName}`).toContain(JSON.stringify(pgEnum.enumValues));
  });

  it('keeps interests and personality traits as free text so retired values still load', () => {
    for (const table of [schema.talentConfigs, schema.talentDrafts]) {
      expect(table.interests.columnType).toBe('PgArray');
      expect(table.personalityTraits.columnType).toBe('PgArray');
    }
  });

  it('offers the interests in their documented order', () => {
    // The original list was headed 40 but enumerates these 41; the list wins.
    expect(enums.interests).toHaveLength(41);
    expect(enums.interests[0]).toBe('ANIME');
    expect(enums.interests.at(-1)).toBe('YOGA');
    expect(new Set(enums.interests).size).toBe(enums.interests.length);
    expect(enums.isOfferedInterest('SURFING')).toBe(true);
    expect(enums.isOfferedInterest('SKIING')).toBe(false);
  });

  it('names the four Discover surfaces and the three prompt message types', () => {
    expect(enums.discoverSurfaces).toEqual(['discoverFeed', 'discoverInReview', 'homepage1', 'homepage2']);
    expect(enums.chatPromptMessageTypes).toEqual(['SYSTEM', 'USER', 'TALENT']);
  });
});

describe('schema indexes', () => {
  it.each(tables.map((table) => [getTableConfig(table).name, table] as const))(
    '%s has an index leading with every foreign key',
    (_, table) => {
      const config = getTableConfig(table);
      const leading = new Set<string>();
      for (const column of config.columns) if (column.primary) leading.add(column.name);
      for (const primaryKey of config.primaryKeys) if (primaryKey.columns[0]) leading.add(primaryKey.columns[0].name);
      for (const index of config.indexes) {
        const first = index.config.columns[0];
        if (first && 'name' in first && typeof first.name === 'string') leading.add(first.name);
      }
      for (const foreignKey of config.foreignKeys) {
        const column = foreignKey.reference().columns[0];
        expect(leading, `${config.name}.${column?.name} has no index`).toContain(column?.name);
      }
    },
  );

  it('makes talent tags unique case-insensitively', () => {
    const index = getTableConfig(schema.talents).indexes.find((entry) => entry.config.name === 'talents_tag_lower_unique');
    expect(index?.config.unique).toBe(true);
  });

  it('uses the names the API relies on', () => {
    expect(getTableConfig(schema.talentManagers).name).toBe('talent_managers');
    expect(getTableConfig(schema.talentManagers).primaryKeys[0]?.columns.map((column) => column.name)).toEqual([
      'userId',
      'talentId',
    ]);
  });
});

describe('schema defaults', () => {
  it('defaults money settings to the documented constants in exact units', () => {
    expect(schema.talentConfigs.revenueSharePpm.default).toBe(600_000);
    expect(schema.talentConfigs.referralRevenueShareForInviterPpm.default).toBe(30_000);
    expect(schema.talentConfigs.referralRevenueShareForInviteesPpm.default).toBe(30_000);
    expect(schema.talentConfigs.llmTemperature.default).toBe(1);
    expect(schema.talentConfigs.llmModelId.default).toBe('gpt-3.5-turbo');
    expect(schema.talents.creditsToSendMessage.default).toBe(1);
    expect(schema.talents.creditsToUnlockImage.default).toBe(5);
    expect(schema.talents.creditsToUnlockAudio.default).toBe(3);
  });

  it('defaults new voices to the documented fallback', () => {
    expect(schema.voices.stability.default).toBe(0.5);
    expect(schema.voices.similarityBoost.default).toBe(0.7);
    expect(schema.voices.style.default).toBe(0);
    expect(schema.voices.model.default).toBe('eleven_monolingual_v1');
    expect(schema.voices.gender.default).toBe('FEMALE');
  });
});
