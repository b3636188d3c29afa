import {
  ageSchema,
  genderSchema,
  handleSchema,
  initialChatMessageSchema,
  interestsSchema,
  isOfferedInterest,
  messages,
  personalityTraitsSchema,
  purposeSchema,
  type TalentDraft,
  talentNameSchema,
} from '@doppel/validation';
import { DomainError } from '../errors.ts';

/** Field errors for interests that are not offered (any more); stored drafts may hold old ones. */
export function unofferedInterests(values: readonly string[]): string[] {
  return values.filter((value) => !isOfferedInterest(value)).map((value) => `${value} is not an interest we offer`);
}

type Schema = { safeParse: (value: unknown) => { success: true } | { success: false; error: { issues: { message: string }[] } } };

function issuesOf(schema: Schema, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

/**
 * Every step's rule, checked again over the whole draft before it becomes a talent (the form checks
 * each step, the server checks them all). Keys are the draft's fields; empty when complete.
 * An empty age gives "Age is not defined" (docs/product-rules.md#errors-and-success-messages).
 */
export function draftProblems(draft: TalentDraft): Record<string, string[]> {
  const problems: Record<string, string[]> = {
    name: issuesOf(talentNameSchema, draft.name),
    tag: issuesOf(handleSchema, draft.tag ?? ''),
    gender: issuesOf(genderSchema, draft.gender),
    age: draft.age === null ? [messages.ageNotDefined] : issuesOf(ageSchema, draft.age),
    purpose: issuesOf(purposeSchema, draft.purpose),
    personalityTraits: issuesOf(personalityTraitsSchema, draft.personalityTraits),
    interests: [...issuesOf(interestsSchema, draft.interests), ...unofferedInterests(draft.interests)],
    initialChatMessageText: issuesOf(initialChatMessageSchema, draft.initialChatMessageText ?? ''),
  };
  return Object.fromEntries(Object.entries(problems).filter(([, list]) => list.length > 0));
}

/** Throws INVALID with the first problem as the message and all of them per field. */
export function assertDraftComplete(draft: TalentDraft): void {
  const problems = draftProblems(draft);
  const first = Object.values(problems).flat()[0];
  if (first) throw new DomainError('INVALID', first, problems);
}
