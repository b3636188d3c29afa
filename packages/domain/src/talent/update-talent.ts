import type { Executor } from '@doppel/db';
import type { AdminTalentUpdateInput, UpdateTalentSettingsInput } from '@doppel/validation';
import type { FileStorage } from '../ports/file-storage.ts';
import type { ImageProcessing } from '../ports/images.ts';
import { applyAdminChanges } from './admin-changes.ts';
import { applySettingsChanges } from './update-settings.ts';

/**
 * Who changes the twin: its creator (any subset of the settings screen's fields) or an admin
 * (every setting at once, with the admin's extra powers: tag, voice, models, shares, FAQ, system
 * messages, image contexts).
 */
export type TalentUpdate =
  | { by: 'creator'; changes: UpdateTalentSettingsInput }
  | { by: 'admin'; changes: AdminTalentUpdateInput };

/**
 * Update a twin (docs/product-rules.md#calls "Update talent settings" and "Update talent (admin)"), the one path for
 * both. The fields both may change go through the same rules (update-settings.ts: offered
 * interests, the first welcome message kept, welcome images from this twin's files, a price inside
 * the admins' limits), and a voice follows one rule (voice-snapshot.ts). It runs in the caller's
 * transaction, so a refusal leaves everything as it was; change events reach the twin's managers
 * (`talent:{id}`) and the admin views.
 */
export async function updateTalent(
  tx: Executor,
  storage: FileStorage,
  images: ImageProcessing,
  talentId: string,
  update: TalentUpdate,
): Promise<void> {
  if (update.by === 'creator') {
    await applySettingsChanges(tx, storage, images, talentId, update.changes);
    return;
  }
  const changes = update.changes;
  await applyAdminChanges(tx, talentId, changes);
  await applySettingsChanges(tx, storage, images, talentId, {
    name: changes.name,
    hasCustomChatPrompt: changes.hasCustomChatPrompt,
    chatPrompt: changes.chatPrompt,
    personalityTraits: changes.personalityTraits,
    interests: changes.interests,
    facts: changes.facts,
    chatMessageSuggestions: changes.chatMessageSuggestions,
    initialChatMessages: changes.initialChatMessages,
    creditsToSendMessage: changes.creditsToSendMessage,
    creditsToUnlockImage: changes.creditsToUnlockImage,
    creditsToUnlockAudio: changes.creditsToUnlockAudio,
  });
}
