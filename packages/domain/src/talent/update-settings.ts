import { type Executor, type InitialChatMessage, newId, talentConfigs, talents } from '@doppel/db';
import { isOfferedInterest, talentMessages, type UpdateTalentSettingsInput } from '@doppel/validation';
import { eq } from 'drizzle-orm';
import { DomainError } from '../errors.ts';
import { setSubscriptionPrice } from '../payments/subscription-price.ts';
import type { FileStorage } from '../ports/file-storage.ts';
import type { ImageProcessing } from '../ports/images.ts';
import { recordTalentChange } from './changes.ts';
import { loadTalent } from './load.ts';
import { isStoredIn, storedImageDimensions, talentFolder } from './talent-files.ts';
import { assignWelcomeIds, welcomeMessagesProblem } from './welcome-messages.ts';

const invalid = (field: string, message: string) => new DomainError('INVALID', message, { [field]: [message] });

type TalentChanges = Partial<typeof talents.$inferInsert>;
type ConfigChanges = Partial<typeof talentConfigs.$inferInsert>;

/** The stored welcome messages for the new list: ids kept or given, images checked and measured. */
async function welcomeMessagesOf(
  storage: FileStorage,
  images: ImageProcessing,
  talentId: string,
  stored: readonly InitialChatMessage[],
  next: NonNullable<UpdateTalentSettingsInput['initialChatMessages']>,
): Promise<InitialChatMessage[]> {
  const problem = welcomeMessagesProblem(stored, next);
  if (problem) throw invalid('initialChatMessages', problem);
  const result: InitialChatMessage[] = [];
  for (const message of assignWelcomeIds(next, newId)) {
    const image = message.image;
    if (!image) {
      result.push({ id: message.id, text: message.text });
      continue;
    }
    // Any image uploaded for this twin (gallery or picture); a gallery image keeps its locked copy.
    if (!(await isStoredIn(storage, image.filePath, talentFolder(talentId)))) {
      throw invalid('initialChatMessages', talentMessages.imageNotFound);
    }
    const dimensions = await storedImageDimensions(storage, images, image.filePath);
    if (!dimensions) throw invalid('initialChatMessages', talentMessages.imageNotFound);
    // Welcome images greet every fan who opens the chat, so they are sent unlocked.
    result.push({
      id: message.id,
      text: message.text,
      attachments: [{ type: 'IMAGE', filePath: image.filePath, dimensions, isUnlocked: true }],
    });
  }
  return result;
}

/**
 * The settings a creator may change, any subset (called by `updateTalent` for creator and admin
 * alike); the schemas checked each field, this checks what needs the stored twin: a new picture is
 * a file uploaded for this twin, interests are offered ones (a deprecated one already stored may
 * stay), a custom prompt switched on has text, the first welcome message stays, images are this
 * twin's files, a subscription price is inside the admins' limits.
 */
export async function applySettingsChanges(
  tx: Executor,
  storage: FileStorage,
  images: ImageProcessing,
  talentId: string,
  input: UpdateTalentSettingsInput,
): Promise<void> {
  const { talent, config, hasConfig } = await loadTalent(tx, talentId, { lock: true });
  const talentChanges: TalentChanges = {};
  const configChanges: ConfigChanges = {};

  for (const key of ['name', 'gender', 'age', 'creditsToSendMessage', 'creditsToUnlockImage', 'creditsToUnlockAudio'] as const) {
    if (input[key] !== undefined) Object.assign(talentChanges, { [key]: input[key] });
  }
  for (const key of ['hasCustomChatPrompt', 'chatPrompt', 'purpose', 'personalityTraits', 'facts'] as const) {
    if (input[key] !== undefined) Object.assign(configChanges, { [key]: input[key] });
  }

  if (input.profilePictureUrl !== undefined && input.profilePictureUrl !== talent.profilePictureUrl) {
    const url = input.profilePictureUrl;
    if (url !== null) {
      const path = url.startsWith('/files/') ? url.slice('/files/'.length) : '';
      if (!(await isStoredIn(storage, path, talentFolder(talentId, 'profile-picture')))) {
        throw invalid('profilePictureUrl', talentMessages.pictureNotFound);
      }
    }
    talentChanges.profilePictureUrl = url;
  }

  if (input.interests !== undefined) {
    const problems = input.interests
      .filter((value) => !isOfferedInterest(value) && !config.interests.includes(value))
      .map((value) => `${value} is not an interest we offer`);
    if (problems[0]) throw new DomainError('INVALID', problems[0], { interests: problems });
    configChanges.interests = input.interests;
  }

  const hasCustomChatPrompt = input.hasCustomChatPrompt ?? config.hasCustomChatPrompt;
  const chatPrompt = input.chatPrompt ?? config.chatPrompt;
  if ((input.hasCustomChatPrompt !== undefined || input.chatPrompt !== undefined) && hasCustomChatPrompt && !chatPrompt.trim()) {
    throw invalid('chatPrompt', talentMessages.chatPromptRequired);
  }

  if (input.chatMessageSuggestions !== undefined) {
    talentChanges.chatMessageSuggestions = input.chatMessageSuggestions.map((starter) => ({
      id: starter.id ?? newId(),
      text: starter.text,
      answer: starter.answer ?? null,
    }));
    const ids = talentChanges.chatMessageSuggestions.map((starter) => starter.id);
    if (new Set(ids).size !== ids.length) throw invalid('chatMessageSuggestions', talentMessages.duplicateId);
  }
  if (input.initialChatMessages !== undefined) {
    talentChanges.initialChatMessages = await welcomeMessagesOf(
      storage,
      images,
      talentId,
      talent.initialChatMessages,
      input.initialChatMessages,
    );
  }

  const changed: Array<{ entity: 'talents' | 'talent_configs' }> = [];
  // A new price is a new product the twin points at (payments/subscription-price.ts).
  if (input.subscriptionPriceCents !== undefined && (await setSubscriptionPrice(tx, talent, input.subscriptionPriceCents))) {
    changed.push({ entity: 'talents' });
  }
  if (Object.keys(talentChanges).length > 0) {
    await tx.update(talents).set(talentChanges).where(eq(talents.id, talentId));
    if (!changed.some((change) => change.entity === 'talents')) changed.push({ entity: 'talents' });
  }
  if (Object.keys(configChanges).length > 0) {
    if (hasConfig) await tx.update(talentConfigs).set(configChanges).where(eq(talentConfigs.id, talentId));
    else await tx.insert(talentConfigs).values({ id: talentId, ...configChanges });
    changed.push({ entity: 'talent_configs' });
  }
  await recordTalentChange(tx, talentId, changed);
}
