// admin.app.get: the App page's values (docs/product-rules.md#admin-back-office "/app"): app_configs and apps (id default) and the
// voice catalogue in its order.
import { appConfigs, apps, defaultAppId, type Executor, voices } from '@doppel/db';
import {
  type AdminAppSettings,
  defaultReferralRevenueSharePpm,
  defaultSubscriptionPriceLimits,
  ppmToShare,
} from '@doppel/validation';
import { asc, eq } from 'drizzle-orm';

/**
 * What the page starts from before the settings were ever saved (a database without the demo
 * data): blank texts the form asks for, the default referral share, the function names the
 * reply engine's prompt refers to, the default subscription price limits.
 */
export const unsavedAppSettings: Omit<AdminAppSettings, 'voices'> = {
  chatPromptTemplate: '',
  chatPromptTemplateForFaq: '',
  talentChatPromptTemplate: '',
  referralRevenueShare: ppmToShare(defaultReferralRevenueSharePpm),
  llmFunctionTemperature: 0,
  functionSchemaConfig: {
    generateImageAttachment: {
      name: 'generate_image_attachment',
      description: '',
      contextDescription: '',
      successTextDescription: '',
      failureTextDescription: '',
    },
    generateAudioAttachment: {
      name: 'generate_audio_attachment',
      description: '',
      successTextDescription: '',
      failureTextDescription: '',
    },
  },
  minVersion: { talent: '0.0.0' },
  emptyChatMessageText: '',
  subscriptionPriceMinCents: defaultSubscriptionPriceLimits.minCents,
  subscriptionPriceMaxCents: defaultSubscriptionPriceLimits.maxCents,
  updatedAt: null,
};

/** `admin.app.get`. Every voice, ordered as the admin arranged them (position, then name). */
export async function getAdminAppSettings(db: Executor): Promise<AdminAppSettings> {
  const [[config], [app], voiceRows] = await Promise.all([
    db.select().from(appConfigs).where(eq(appConfigs.id, defaultAppId)).limit(1),
    db.select({ emptyChatMessageText: apps.emptyChatMessageText }).from(apps).where(eq(apps.id, defaultAppId)).limit(1),
    db.select().from(voices).orderBy(asc(voices.position), asc(voices.name), asc(voices.id)),
  ]);
  return {
    ...unsavedAppSettings,
    ...(config
      ? {
          chatPromptTemplate: config.chatPromptTemplate,
          chatPromptTemplateForFaq: config.chatPromptTemplateForFaq,
          talentChatPromptTemplate: config.talentChatPromptTemplate,
          referralRevenueShare: ppmToShare(config.referralRevenueSharePpm),
          llmFunctionTemperature: config.llmFunctionTemperature,
          functionSchemaConfig: config.functionSchemaConfig,
          minVersion: { talent: config.minVersion.talent },
          subscriptionPriceMinCents: config.subscriptionPriceMinCents,
          subscriptionPriceMaxCents: config.subscriptionPriceMaxCents,
          updatedAt: config.updatedAt.toISOString(),
        }
      : {}),
    emptyChatMessageText: app?.emptyChatMessageText ?? unsavedAppSettings.emptyChatMessageText,
    voices: voiceRows.map((voice) => ({
      id: voice.id,
      name: voice.name,
      sampleFilePath: voice.sampleFilePath ?? '',
      stability: voice.stability,
      similarityBoost: voice.similarityBoost,
      style: voice.style,
      model: voice.model,
      gender: voice.gender,
    })),
  };
}
