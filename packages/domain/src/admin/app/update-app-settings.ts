// docs/product-rules.md#calls "Update app config" (admin.app.update): the App page saves app_configs, apps and the voice
// catalogue together, in the caller's transaction.
import { appConfigs, apps, defaultAppId, recordChanges, type Transaction, voices } from '@doppel/db';
import { type AdminAppSettings, type AdminAppUpdateInput, shareToPpm } from '@doppel/validation';
import { notInArray, sql } from 'drizzle-orm';
import { getAdminAppSettings } from './get-app-settings.ts';
import { appSettingsChanged } from './scopes.ts';

/** The upsert's "take the sent value" for a voices column, by its SQL name. */
const sent = (column: string) => sql.raw(`excluded.${column}`);

/**
 * `admin.app.update`. Input is checked by adminAppUpdateInput before this runs. The rows are
 * created when missing (a database without the demo data). The referral share is stored as exact
 * parts per million (the schema admits steps of 0.001 only). Voices are upserted by id with their
 * list position; voices missing from the list are removed (talents keep their copy of a voice, so
 * removing one does not silence a twin). The fine-tuning lock and the model-health record are not
 * the page's and stay as they are. Answers the settings as saved.
 */
export async function updateAdminAppSettings(tx: Transaction, input: AdminAppUpdateInput): Promise<AdminAppSettings> {
  const now = new Date();
  const config = {
    chatPromptTemplate: input.chatPromptTemplate,
    chatPromptTemplateForFaq: input.chatPromptTemplateForFaq,
    talentChatPromptTemplate: input.talentChatPromptTemplate,
    referralRevenueSharePpm: shareToPpm(input.referralRevenueShare),
    llmFunctionTemperature: input.llmFunctionTemperature,
    functionSchemaConfig: input.functionSchemaConfig,
    minVersion: { talent: input.minVersion.talent },
    // Whole cents; new limits apply to the next price a creator sets, not to prices already set.
    subscriptionPriceMinCents: input.subscriptionPriceMinCents,
    subscriptionPriceMaxCents: input.subscriptionPriceMaxCents,
  };
  await tx
    .insert(appConfigs)
    .values({ id: defaultAppId, ...config })
    .onConflictDoUpdate({ target: appConfigs.id, set: { ...config, updatedAt: now } });
  await tx
    .insert(apps)
    .values({ id: defaultAppId, emptyChatMessageText: input.emptyChatMessageText })
    .onConflictDoUpdate({ target: apps.id, set: { emptyChatMessageText: input.emptyChatMessageText, updatedAt: now } });

  const keptIds = input.voices.map((voice) => voice.id);
  const removed = await tx
    .delete(voices)
    .where(keptIds.length > 0 ? notInArray(voices.id, keptIds) : undefined)
    .returning({ id: voices.id });
  if (input.voices.length > 0) {
    await tx
      .insert(voices)
      .values(input.voices.map((voice, position) => ({ ...voice, position })))
      .onConflictDoUpdate({
        target: voices.id,
        set: {
          name: sent('name'),
          sampleFilePath: sent('sample_file_path'),
          stability: sent('stability'),
          similarityBoost: sent('similarity_boost'),
          style: sent('style'),
          model: sent('model'),
          gender: sent('gender'),
          position: sent('position'),
          updatedAt: now,
        },
      });
  }
  await recordChanges(tx, appSettingsChanged([...keptIds, ...removed.map((row) => row.id)]));
  return getAdminAppSettings(tx);
}
