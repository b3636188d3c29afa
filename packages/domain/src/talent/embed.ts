// The twin on the creator's own site (docs/embed.md): the sites allowed to show its chat in a
// frame. The server names them in the framed chat's frame-ancestors; every other page stays
// refused to frames from elsewhere.
import { type Executor, recordChanges, talentConfigs, talents } from '@doppel/db';
import type { EmbedSettings } from '@doppel/validation';
import { eq } from 'drizzle-orm';
import { DomainError } from '../errors.ts';

export async function getEmbedSettings(db: Executor, talentId: string): Promise<EmbedSettings> {
  const [row] = await db
    .select({ tag: talents.tag, origins: talentConfigs.embedOrigins })
    .from(talents)
    .leftJoin(talentConfigs, eq(talentConfigs.id, talents.id))
    .where(eq(talents.id, talentId));
  if (!row?.tag) throw new DomainError('NOT_FOUND', 'This twin has no link yet.');
  return { tag: row.tag, origins: row.origins ?? [] };
}

export async function updateEmbedSettings(tx: Executor, talentId: string, origins: string[]): Promise<EmbedSettings> {
  const [row] = await tx
    .update(talentConfigs)
    .set({ embedOrigins: origins, updatedAt: new Date() })
    .where(eq(talentConfigs.id, talentId))
    .returning({ id: talentConfigs.id });
  if (!row) throw new DomainError('NOT_FOUND', 'This twin has no settings yet.');
  await recordChanges(tx, [{ entity: 'talent_configs', rowId: talentId, scopes: [`talent:${talentId}`, 'admin'] }]);
  return getEmbedSettings(tx, talentId);
}

/** The sites allowed to frame the chat of the twin with this tag; none for an unknown twin. */
export async function embedOriginsOf(db: Executor, tag: string): Promise<string[]> {
  const [row] = await db
    .select({ origins: talentConfigs.embedOrigins })
    .from(talents)
    .innerJoin(talentConfigs, eq(talentConfigs.id, talents.id))
    .where(eq(talents.tag, tag));
  return row?.origins ?? [];
}
