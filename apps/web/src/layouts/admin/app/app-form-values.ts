// The App page's form values: the stored settings as Mantine edits them (number inputs hold '' while
// empty, voice rows carry a key of their own so editing a voice id keeps its row mounted).
import { type AdminAppSettings, type AdminFunctionSchemaConfig, type Gender, newVoiceDefaults } from '@doppel/validation';
import type { UseFormReturnType } from '@mantine/form';
import { randomId } from '@mantine/hooks';

export type VoiceRowValues = {
  /** React's key for the row; not sent (the payload schema drops unknown keys). */
  key: string;
  id: string;
  name: string;
  sampleFilePath: string;
  stability: number | string;
  similarityBoost: number | string;
  style: number | string;
  model: string;
  gender: Gender;
};

export type AppFormValues = {
  chatPromptTemplate: string;
  chatPromptTemplateForFaq: string;
  talentChatPromptTemplate: string;
  referralRevenueShare: number | string;
  llmFunctionTemperature: number | string;
  functionSchemaConfig: AdminFunctionSchemaConfig;
  voices: VoiceRowValues[];
  minVersion: { talent: string };
  emptyChatMessageText: string;
  /** Whole cents, typed in dollars (DollarsInput); what was typed while it is not a price yet. */
  subscriptionPriceMinCents: number | string;
  subscriptionPriceMaxCents: number | string;
};

export type AppForm = UseFormReturnType<AppFormValues>;

/** The stored settings as form values; a stored voice's row key is its id at load time. */
export function valuesOf(settings: AdminAppSettings): AppFormValues {
  const { updatedAt: _, voices, ...rest } = settings;
  return { ...rest, voices: voices.map((voice) => ({ key: voice.id, ...voice })) };
}

/** "Add voice": a blank row with the defaults of docs/product-rules.md#constants-and-limits (stability 0.5, similarity 0.7, style 0, …). */
export function newVoiceRow(): VoiceRowValues {
  return { key: randomId(), id: '', name: '', sampleFilePath: '', ...newVoiceDefaults };
}
