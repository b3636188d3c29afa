import type { InitialChatMessage } from '@doppel/db';
import { talentMessages, type UpdateTalentSettingsInput, welcomeMessagesMax } from '@doppel/validation';

type WelcomeInput = NonNullable<UpdateTalentSettingsInput['initialChatMessages']>;

/**
 * Why a new list of welcome messages may not replace the stored one, or undefined when it may.
 * The first stored message cannot be removed (docs/product-rules.md#creator-settings-fields): the new list must start with its id (its
 * text and image may change). A twin without welcome messages may get its first one. At most
 * three; ids unique.
 */
export function welcomeMessagesProblem(
  stored: readonly Pick<InitialChatMessage, 'id'>[],
  next: WelcomeInput,
): string | undefined {
  if (next.length > welcomeMessagesMax) return talentMessages.welcomeMessagesMax;
  const ids = next.map((message) => message.id).filter((id) => id !== undefined);
  if (new Set(ids).size !== ids.length) return talentMessages.duplicateId;
  const first = stored[0];
  if (first && next[0]?.id !== first.id) return talentMessages.firstWelcomeMessageRequired;
  return undefined;
}

/** Keeps given ids, gives new messages one; `newId` is injected so the rule stays pure. */
export function assignWelcomeIds<T extends { id?: string | undefined }>(
  next: readonly T[],
  newId: () => string,
): Array<T & { id: string }> {
  return next.map((message) => ({ ...message, id: message.id ?? newId() }));
}
