import { type Executor, talentConfigs, voices } from '@doppel/db';
import { noVoiceId, talentMessages, type VoiceOption } from '@doppel/validation';
import { asc, eq } from 'drizzle-orm';
import { DomainError } from '../errors.ts';
import { recordTalentChange } from './changes.ts';
import { voiceView } from './get-settings.ts';
import { loadTalent } from './load.ts';
import { voiceSnapshotFor } from './voice-snapshot.ts';

const noVoice: VoiceOption = { id: noVoiceId, name: 'No voice', gender: 'NEUTRAL', sampleUrl: null };

/** The catalogue voices of one gender, in the admin's order; a twin without a gender gets none. */
async function voicesFor(db: Executor, gender: (typeof voices.$inferSelect)['gender'] | null) {
  if (!gender) return [];
  return db.select().from(voices).where(eq(voices.gender, gender)).orderBy(asc(voices.position), asc(voices.name));
}

/** "No voice" first, then the catalogue voices matching the twin's gender (docs/product-rules.md#settings-pages). */
export async function listVoices(db: Executor, talentId: string): Promise<VoiceOption[]> {
  const { talent } = await loadTalent(db, talentId);
  return [noVoice, ...(await voicesFor(db, talent.gender)).map(voiceView)];
}

/**
 * Set talent voice: `voiceId` follows the one voice rule (voice-snapshot.ts): '' clears it, else a
 * voice `listVoices` offers now or the one the twin already has. The config keeps a copy of the
 * catalogue voice, so later catalogue edits do not change a twin's sound.
 */
export async function setVoice(tx: Executor, talentId: string, voiceId: string): Promise<VoiceOption | null> {
  const { talent, config, hasConfig } = await loadTalent(tx, talentId, { lock: true });
  const voice = await voiceSnapshotFor(tx, voiceId, { gender: talent.gender, current: config.voice });
  if (voice === undefined) {
    throw new DomainError('INVALID', talentMessages.voiceNotListed, { voiceId: [talentMessages.voiceNotListed] });
  }
  if (hasConfig) await tx.update(talentConfigs).set({ voice }).where(eq(talentConfigs.id, talentId));
  else await tx.insert(talentConfigs).values({ id: talentId, voice });
  await recordTalentChange(tx, talentId, [{ entity: 'talent_configs' }]);
  return voice ? voiceView(voice) : null;
}
