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
  /** The bases this server fine-tunes from (the form's choices). */
  bases: z.array(z.string()),
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
