import { z } from 'zod';
import { messages } from '../common/messages.ts';
import { singleLineText } from '../common/single-line.ts';
import { genders, personalityTraits, purposes } from '../enums.ts';
import { consentCheckbox } from '../reports/index.ts';
import { handleSchema } from './handle.ts';

export * from './handle.ts';

export const onboardingNameMin = 2;
export const onboardingNameMax = 50;
export const personalityTraitsMax = 3;
export const interestsMax = 5;
export const ageMin = 18;
export const ageMax = 1000;

/** The eight steps, in order, with their routes under /onboarding's layout (docs/product-rules.md#onboarding). */
export const onboardingSteps = [
  'name',
  'profile-picture',
  'handle',
  'gender-age',
  'purpose',
  'personality-traits',
  'interests',
  'initial-chat-message',
] as const;
export type OnboardingStep = (typeof onboardingSteps)[number];

export const talentNameSchema = singleLineText({ error: messages.required })
  .min(1, messages.required)
  .min(onboardingNameMin, `Name must be at least ${onboardingNameMin} characters`)
  .max(onboardingNameMax, `Name must be at most ${onboardingNameMax} characters`);

/** Age in years; the form sends '' or a string for an empty or typed field. */
export const ageSchema = z.preprocess(
  (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value.trim()) : value),
  z
    .number({ error: (issue) => (issue.input === undefined ? messages.ageRequired : 'Age must be a whole number') })
    .int('Age must be a whole number')
    .min(ageMin, `Age must be at least ${ageMin}`)
    .max(ageMax, `Age must be at most ${ageMax}`),
);

export const genderSchema = z.enum(genders, { error: messages.required });
export const purposeSchema = z.enum(purposes, { error: messages.required });

/** Interests are checked against the offered list at write time; stored ones may be deprecated. */
export const personalityTraitsSchema = z
  .array(z.enum(personalityTraits))
  .min(1, messages.selectAtLeast(1))
  .max(personalityTraitsMax, messages.selectAtMost(personalityTraitsMax));

export const interestsSchema = z
  .array(singleLineText().min(1))
  .min(1, messages.selectAtLeast(1))
  .max(interestsMax, messages.selectAtMost(interestsMax));

export const initialChatMessageSchema = z.string({ error: messages.required }).trim().min(1, messages.required).max(1000);

/** A picture stored by the upload call (`files.upload`): a path under /files/. */
export const profilePictureUrlSchema = singleLineText().min(1).max(500).nullable();

const draftId = singleLineText({ error: messages.talentIdNotDefined }).min(1, messages.talentIdNotDefined);

// One form schema per step: the step's screen and the server validate with the same rules.
export const nameStepSchema = z.object({ name: talentNameSchema });
export const profilePictureStepSchema = z.object({ profilePictureUrl: profilePictureUrlSchema });
export const handleStepSchema = z.object({ tag: handleSchema });
export const genderAgeStepSchema = z.object({ gender: genderSchema, age: ageSchema });
export const purposeStepSchema = z.object({ purpose: purposeSchema });
export const personalityTraitsStepSchema = z.object({ personalityTraits: personalityTraitsSchema });
export const interestsStepSchema = z.object({ interests: interestsSchema });
export const initialChatMessageStepSchema = z.object({ initialChatMessageText: initialChatMessageSchema });

/** Create talent (onboarding name step): docs/product-rules.md#calls. */
export const createTalentDraftInput = z.object({
  name: talentNameSchema,
  referralTalentTag: singleLineText().max(100).optional(),
});
export type CreateTalentDraftInput = z.infer<typeof createTalentDraftInput>;

/** Update talent draft: the id plus any step's fields. */
export const updateTalentDraftInput = z.object({
  id: draftId,
  name: talentNameSchema.optional(),
  profilePictureUrl: profilePictureUrlSchema.optional(),
  tag: handleSchema.optional(),
  gender: genderSchema.optional(),
  age: ageSchema.optional(),
  purpose: purposeSchema.optional(),
  personalityTraits: personalityTraitsSchema.optional(),
  interests: interestsSchema.optional(),
  initialChatMessageText: initialChatMessageSchema.optional(),
});
export type UpdateTalentDraftInput = z.infer<typeof updateTalentDraftInput>;

/** "Finish setup" carries the creator's consent (docs/safety.md): no twin goes live without it. */
export const finishOnboardingInput = z.object({ id: draftId, consent: consentCheckbox });
export type FinishOnboardingInput = z.infer<typeof finishOnboardingInput>;

export const talentDraftOutput = z.object({
  id: z.string(),
  name: z.string(),
  profilePictureUrl: z.string().nullable(),
  tag: z.string().nullable(),
  gender: z.enum(genders).nullable(),
  age: z.number().int().nullable(),
  purpose: z.enum(purposes).nullable(),
  personalityTraits: z.array(z.string()),
  interests: z.array(z.string()),
  initialChatMessageText: z.string().nullable(),
});
export type TalentDraft = z.infer<typeof talentDraftOutput>;

export const onboardingStateOutput = z.object({ draft: talentDraftOutput.nullable(), step: z.enum(onboardingSteps) });
export type OnboardingState = z.infer<typeof onboardingStateOutput>;

/**
 * The step a draft resumes at (docs/product-rules.md#onboarding): the first step whose data is missing. A draft
 * without a picture resumes at the picture step, which may be skipped by saving no picture.
 */
export function deriveOnboardingStep(draft: TalentDraft | null, options: { pictureStepDone?: boolean } = {}): OnboardingStep {
  if (!draft) return 'name';
  if (!draft.profilePictureUrl && !options.pictureStepDone) return 'profile-picture';
  if (!draft.tag) return 'handle';
  if (!draft.gender || draft.age === null) return 'gender-age';
  if (!draft.purpose) return 'purpose';
  if (draft.personalityTraits.length === 0) return 'personality-traits';
  if (draft.interests.length === 0) return 'interests';
  return 'initial-chat-message';
}
