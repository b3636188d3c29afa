import { type Executor, knowledgeSources } from '@doppel/db';
import { type KnowledgeSourcesOutput, knowledgeLimits } from '@doppel/validation';
import { and, desc, eq, sum } from 'drizzle-orm';
import { knowledgeSourceView } from './sources-view.ts';

/**
 * A twin's knowledge sources, newest first, with the quotas: how many sources it has and how many
 * characters its ready sources hold, each against its limit. The caller has checked that the
 * viewer manages the twin (or is an admin).
 */
export async function listSources(db: Executor, talentId: string): Promise<KnowledgeSourcesOutput> {
  const [rows, [characters]] = await Promise.all([
    db
      .select()
      .from(knowledgeSources)
      .where(eq(knowledgeSources.talentId, talentId))
      .orderBy(desc(knowledgeSources.createdAt), desc(knowledgeSources.id)),
    db
      .select({ total: sum(knowledgeSources.charCount).mapWith(Number) })
      .from(knowledgeSources)
      .where(and(eq(knowledgeSources.talentId, talentId), eq(knowledgeSources.status, 'READY'))),
  ]);
  return {
    sources: rows.map(knowledgeSourceView),
    quota: {
      sources: { used: rows.length, max: knowledgeLimits.sourcesPerTwin },
      characters: { used: characters?.total ?? 0, max: knowledgeLimits.charactersPerTwin },
    },
  };
}
