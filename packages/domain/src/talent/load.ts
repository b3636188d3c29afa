import { type Executor, staticAttachments, talentConfigs, talents } from '@doppel/db';
import { asc, eq } from 'drizzle-orm';
import { DomainError } from '../errors.ts';

export type TalentRow = typeof talents.$inferSelect;
export type TalentConfigRow = typeof talentConfigs.$inferSelect;
export type StaticAttachmentRow = typeof staticAttachments.$inferSelect;

export const talentNotFoundMessage = 'This twin no longer exists.';

/** The settings a twin without a config row (made by an admin, not onboarding) is read with. */
export type ConfigSettings = Pick<
  TalentConfigRow,
  'voice' | 'purpose' | 'personalityTraits' | 'interests' | 'facts' | 'chatPrompt' | 'hasCustomChatPrompt'
>;
const emptyConfig: ConfigSettings = {
  voice: null,
  purpose: null,
  personalityTraits: [],
  interests: [],
  facts: [],
  chatPrompt: '',
  hasCustomChatPrompt: false,
};

/**
 * The twin and its config; `lock` takes row locks on both, so concurrent settings writes of one
 * twin apply one after the other (the welcome-message rule reads the stored list).
 */
export async function loadTalent(
  db: Executor,
  talentId: string,
  options: { lock?: boolean } = {},
): Promise<{ talent: TalentRow; config: ConfigSettings; hasConfig: boolean }> {
  const talentQuery = db.select().from(talents).where(eq(talents.id, talentId)).limit(1);
  const [talent] = options.lock ? await talentQuery.for('update') : await talentQuery;
  if (!talent) throw new DomainError('NOT_FOUND', talentNotFoundMessage);
  const configQuery = db.select().from(talentConfigs).where(eq(talentConfigs.id, talentId)).limit(1);
  const [config] = options.lock ? await configQuery.for('update') : await configQuery;
  return { talent, config: config ?? emptyConfig, hasConfig: config !== undefined };
}

export function listStaticAttachments(db: Executor, talentId: string): Promise<StaticAttachmentRow[]> {
  return db
    .select()
    .from(staticAttachments)
    .where(eq(staticAttachments.talentId, talentId))
    .orderBy(asc(staticAttachments.createdAt), asc(staticAttachments.id));
}
