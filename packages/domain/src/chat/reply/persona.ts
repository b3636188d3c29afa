// The twin as its prompt describes it, from its talent and talent config rows: the reply job's
// loader and the quality checks read it the same way.
import type { talentConfigs, talents } from '@doppel/db';
import type { ReplyPersona } from './prompt.ts';

type TalentRow = Pick<typeof talents.$inferSelect, 'name' | 'gender' | 'age'>;
type ConfigRow = Pick<
  typeof talentConfigs.$inferSelect,
  | 'purpose'
  | 'personalityTraits'
  | 'interests'
  | 'facts'
  | 'chatPrompt'
  | 'hasCustomChatPrompt'
  | 'chatExamples'
  | 'chatExampleCount'
>;

/** A twin without a config row (not onboarded yet) gets an empty persona beside its name. */
export function replyPersona(talent: TalentRow, config: ConfigRow | null | undefined): ReplyPersona {
  return {
    name: talent.name,
    gender: talent.gender,
    age: talent.age,
    purpose: config?.purpose ?? null,
    personalityTraits: config?.personalityTraits ?? [],
    interests: config?.interests ?? [],
    facts: config?.facts ?? [],
    chatPrompt: config?.chatPrompt ?? '',
    hasCustomChatPrompt: config?.hasCustomChatPrompt ?? false,
    chatExamples: config?.chatExamples ?? [],
    chatExampleCount: config?.chatExampleCount ?? 0,
  };
}
