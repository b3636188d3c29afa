// The admin back-office Models section (admin.models.*, docs/product-rules.md#admin-back-office "Models list: sorted by name, with
// a spinner next to a model currently being fine-tuned. Model detail: name, base, training
// examples text, a versions list (newest first, expandable), buttons Make Default and Generate new
// version."). Training examples travel as the text admins edit (training-examples.ts parses it).
import { z } from 'zod';
import { singleLineText } from '../common/single-line.ts';
import { modelVersionStatuses } from '../enums.ts';
import { adminId, adminListInput, adminListOutput } from './list.ts';

/**
 * Base models a version may be fine-tuned from (docs/product-rules.md#admin-forms "base must be a known base"), newest
 * first: the first is the default for a new model. Providers retire bases (gpt-3.5-turbo is
 * retired); a server may offer others with FINE_TUNING_BASE_MODELS.
 */
export const defaultFineTuningBases = [
  'gpt-4.1-mini-2025-04-14',
  'gpt-4o-mini-2024-07-18',
  'gpt-3.5-turbo-0125',
  'gpt-3.5-turbo-1106',
] as const;

/**
 * Together AI bases open to LoRA fine-tuning (docs/fine-tuning.md#providers), smallest first: the
 * first is a new model's default. A server may offer others with TOGETHER_BASE_MODELS.
 */
export const defaultTogetherBases = [
  'meta-llama/Meta-Llama-3.1-8B-Instruct-Reference',
  'meta-llama/Meta-Llama-3.1-70B-Instruct-Reference',
  'Qwen/Qwen2.5-7B-Instruct',
  'mistralai/Mistral-7B-Instruct-v0.2',
] as const;

/** Who trains a model's versions; 'custom' versions are registered with their endpoint, never trained. */
export const trainingProviders = ['openai', 'together', 'offline'] as const;
export type TrainingProvider = (typeof trainingProviders)[number];
export const modelVersionProviders = [...trainingProviders, 'custom'] as const;
export type ModelVersionProvider = (typeof modelVersionProviders)[number];

/** How the screens name each provider. */
export const modelProviderLabels: Record<ModelVersionProvider, string> = {
  openai: 'OpenAI',
  together: 'Together AI',
  offline: 'Offline (demo)',
  custom: 'Own endpoint',
};

/** The fine-tuning organisation as the version title names it (docs/product-rules.md#admin-back-office): V0, V1 or Unknown. */
export const modelOrganisationLabels = ['V0', 'V1', 'Unknown'] as const;
export type ModelOrganisationLabel = (typeof modelOrganisationLabels)[number];

/** The version statuses as docs/product-rules.md#model-version-statuses names them. */
export const modelVersionStatusLabels: Record<(typeof modelVersionStatuses)[number], string> = {
  UPLOADING_TRAINING_FILE: 'Uploading',
  FINE_TUNING: 'Fine Tuning',
  SUCCEEDED: 'Succeeded',
  FAILED: 'Failed',
};

export const adminModelsListInput = adminListInput({});

const talentRef = z.object({ id: z.string(), name: z.string(), tag: z.string().nullable() });

export const adminModelRowOutput = z.object({
  id: z.string(),
  name: z.string(),
  base: z.string(),
  talent: talentRef.nullable(),
  versionCount: z.number().int().nonnegative(),
  /** A version is uploading or fine-tuning: the list's spinner. */
  isFineTuning: z.boolean(),
  hasDefaultVersion: z.boolean(),
});
export type AdminModelRow = z.infer<typeof adminModelRowOutput>;
export const adminModelsListOutput = adminListOutput(adminModelRowOutput);
export type AdminModelsListOutput = z.infer<typeof adminModelsListOutput>;

/** docs/product-rules.md#admin-forms "Create Model: name non-empty"; docs/product-rules.md#calls "Create model: name, talentId". */
export const adminModelCreateInput = z.object({
  name: singleLineText().min(1, 'Required').max(100, 'At most 100 characters'),
  talentId: singleLineText().max(100).nullish(),
});
export const adminModelCreateOutput = z.object({ modelId: z.string() });

export const adminModelGetInput = z.object({ modelId: adminId('Model ID') });

export const adminModelVersionOutput = z.object({
  id: z.string(),
  status: z.enum(modelVersionStatuses),
  base: z.string(),
  createdAt: z.iso.datetime(),
  exampleCount: z.number().int().nonnegative(),
  fineTunedModelId: z.string().nullable(),
  organisationId: z.string().nullable(),
  organisation: z.enum(modelOrganisationLabels),
  /** The provider's words, whole; the screen cuts it at 100 characters (docs/product-rules.md#errors-and-success-messages). */
  errorMessage: z.string().nullable(),
  isDefault: z.boolean(),
  provider: z.enum(modelVersionProviders),
  /** A registered version's endpoint (its API key never leaves the server). */
  endpointUrl: z.string().nullable(),
});
export type AdminModelVersion = z.infer<typeof adminModelVersionOutput>;

export const adminModelDetailOutput = z.object({
  id: z.string(),
  name: z.string(),
  base: z.string(),
  talent: talentRef.nullable(),
  /** The examples as the form edits them ("U: …", "A: …", "S: …", NEW between examples). */
  trainingExamplesText: z.string(),
  exampleCount: z.number().int().nonnegative(),
  defaultVersionId: z.string().nullable(),
  defaultFineTunedModelId: z.string().nullable(),
  /** Newest first. */
  versions: z.array(adminModelVersionOutput),
  /** The model's own provider; null: the server's default (`providers[0]`). */
  provider: z.enum(trainingProviders).nullable(),
  /** The providers this server has configured, each with its bases (the form's choices). */
  providers: z.array(z.object({ provider: z.enum(trainingProviders), bases: z.array(z.string()) })),
  /**
   * Why "Generate new version" cannot run now (docs/product-rules.md#model-version-statuses: the app config names a fine-tuning model,
   * or this model's examples are not valid), or null when it can.
   */
  generateBlockedReason: z.string().nullable(),
});
export type AdminModelDetail = z.infer<typeof adminModelDetailOutput>;

/** docs/product-rules.md#calls "Update model: id, name, base, trainingExamples". Examples are checked by the parser. */
export const adminModelUpdateInput = z.object({
  modelId: adminId('Model ID'),
  name: singleLineText().min(1, 'Required').max(100, 'At most 100 characters'),
  /** Null: the server's default provider. */
  provider: z.enum(trainingProviders).nullish(),
  base: singleLineText().min(1, 'Required'),
  trainingExamplesText: z.string().max(2_000_000, 'The training examples are too long'),
});
export type AdminModelUpdateInput = z.infer<typeof adminModelUpdateInput>;

/** docs/product-rules.md#calls "to make a version default": only a SUCCEEDED version. */
export const adminModelMakeDefaultInput = z.object({
  modelId: adminId('Model ID'),
  versionId: adminId('Version ID'),
  /** The admin saw what scores worse in the version's quality check and makes it the default anyway. */
  confirmWorse: z.boolean().optional(),
});

/** docs/product-rules.md#calls "Generate model version: modelId". */
export const adminModelGenerateInput = z.object({ modelId: adminId('Model ID') });

/** A URL of an OpenAI-compatible API: http or https (operators' own vLLM or Ollama servers included). */
const endpointUrl = singleLineText()
  .min(1, 'Required')
  .max(500, 'At most 500 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'Enter an http:// or https:// URL, e.g. http://10.0.0.5:8000/v1');

/** "Register a version": a model served elsewhere, stored as a SUCCEEDED version of provider 'custom'. */
export const adminModelRegisterVersionInput = z.object({
  modelId: adminId('Model ID'),
  modelName: singleLineText().min(1, 'Required').max(200, 'At most 200 characters'),
  endpointUrl,
  /** Write-only: never sent back. Empty: the endpoint needs none. */
  apiKey: singleLineText().max(500, 'At most 500 characters').nullish(),
});
export type AdminModelRegisterVersionInput = z.infer<typeof adminModelRegisterVersionInput>;

export const adminModelExportInput = z.object({ modelId: adminId('Model ID') });
/** The model's training examples as an OpenAI chat fine-tuning file: one `{"messages":[...]}` per line. */
export const adminModelExportOutput = z.object({ fileName: z.string(), jsonl: z.string(), exampleCount: z.number().int() });
