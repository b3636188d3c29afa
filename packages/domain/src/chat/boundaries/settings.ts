// The creator's boundary settings on the talent config: read by the settings screen and the
// admin's talent detail, written by the creator (talent.boundaries.update).
import { type Executor, recordChanges, talentConfigs } from '@doppel/db';
import type { BoundarySettings } from '@doppel/validation';
import { eq } from 'drizzle-orm';
import { DomainError } from '../../errors.ts';

export async function getBoundarySettings(db: Executor, talentId: string): Promise<BoundarySettings> {
  const [row] = await db
    .select({ blockedTopics: talentConfigs.blockedTopics, contentLevel: talentConfigs.contentLevel })
    .from(talentConfigs)
    .where(eq(talentConfigs.id, talentId));
  // A twin without a config yet has the defaults: no topics, SAFE.
  return row ?? { blockedTopics: [], contentLevel: 'SAFE' };
}

export async function updateBoundarySettings(
  tx: Executor,
  talentId: string,
  settings: BoundarySettings,
): Promise<BoundarySettings> {
  const [row] = await tx
    .update(talentConfigs)
    .set({ blockedTopics: settings.blockedTopics, contentLevel: settings.contentLevel, updatedAt: new Date() })
    .where(eq(talentConfigs.id, talentId))
    .returning({ blockedTopics: talentConfigs.blockedTopics, contentLevel: talentConfigs.contentLevel });
  if (!row) throw new DomainError('NOT_FOUND', 'This twin has no settings yet.');
  await recordChanges(tx, [{ entity: 'talent_configs', rowId: talentId, scopes: [`talent:${talentId}`, 'admin'] }]);
  return row;
}
