import { appConfigs, defaultAppId, type Executor, talentConfigs, talents } from '@doppel/db';
import { eq } from 'drizzle-orm';
import { recordTalentChange } from '../../talent/changes.ts';

/**
 * `admin.talents.create` (docs/product-rules.md#calls "Create talent (admin)"): a twin with only a name, and its config
 * with the defaults (60 % revenue share; referral shares from the app config, as onboarding sets
 * them). Nobody manages it yet; the admin invites managers from its Managers tab.
 */
export async function createAdminTalent(tx: Executor, input: { name: string }): Promise<{ id: string }> {
  const [talent] = await tx.insert(talents).values({ name: input.name }).returning({ id: talents.id });
  if (!talent) throw new Error('inserting the talent returned no row');
  const [app] = await tx
    .select({ referralRevenueSharePpm: appConfigs.referralRevenueSharePpm })
    .from(appConfigs)
    .where(eq(appConfigs.id, defaultAppId))
    .limit(1);
  // Without an app config row the column defaults (3 %) apply.
  await tx.insert(talentConfigs).values({
    id: talent.id,
    ...(app
      ? {
          referralRevenueShareForInviterPpm: app.referralRevenueSharePpm,
          referralRevenueShareForInviteesPpm: app.referralRevenueSharePpm,
        }
      : {}),
  });
  await recordTalentChange(tx, talent.id, [{ entity: 'talents' }, { entity: 'talent_configs' }]);
  return { id: talent.id };
}
