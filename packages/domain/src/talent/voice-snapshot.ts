import { type Executor, type TalentVoice, voices } from '@doppel/db';
import { noVoiceId } from '@doppel/validation';
import { and, eq } from 'drizzle-orm';

type Gender = TalentVoice['gender'];

/**
 * The one rule for the voice a twin stores, for the creator's picker and the admin form alike:
 * '' ("No voice") stores none; the voice the twin already has keeps its stored copy (catalogue
 * edits, or the catalogue dropping it, do not change a twin's sound) while it still matches the
 * twin's gender; any other voice must be a catalogue voice of the twin's gender, copied with its
 * settings. A twin without a gender has no voice to choose. The admin used to be allowed any
 * gender; issue 28 made the gender check apply to both, so a twin never speaks with a voice of
 * another gender than its own. Undefined when `voiceId` breaks the rule.
 */
export async function voiceSnapshotFor(
  tx: Executor,
  voiceId: string,
  twin: { gender: Gender | null; current: TalentVoice | null },
): Promise<TalentVoice | null | undefined> {
  if (voiceId === noVoiceId) return null;
  if (!twin.gender) return undefined;
  if (twin.current?.id === voiceId) return twin.current.gender === twin.gender ? twin.current : undefined;
  const [chosen] = await tx
    .select()
    .from(voices)
    .where(and(eq(voices.id, voiceId), eq(voices.gender, twin.gender)))
    .limit(1);
  if (!chosen) return undefined;
  return {
    id: chosen.id,
    name: chosen.name,
    stability: chosen.stability,
    similarityBoost: chosen.similarityBoost,
    style: chosen.style,
    model: chosen.model,
    gender: chosen.gender,
    sampleFilePath: chosen.sampleFilePath,
  };
}
