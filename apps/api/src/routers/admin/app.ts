// The admin back-office App section (docs/product-rules.md#admin-back-office "/app", 7 "Update app config"): prompt templates,
// referral share, function settings, the voice catalogue, the minimum talent version and the empty
// chat text. Use cases live in packages/domain/src/admin/app. Voice samples are uploaded with
// files.upload (owner PUBLIC, purpose voice-sample: mp3 only, admins only) before the save.
import { getAdminAppSettings, updateAdminAppSettings } from '@doppel/domain/admin/app';
import { adminAppSettingsOutput, adminAppUpdateInput } from '@doppel/validation';
import { adminProcedure, router } from '../../trpc/procedures.ts';

export const appSettingsRouter = router({
  /** The page's values; blank templates and the defaults of docs/product-rules.md#constants-and-limits before the first save. */
  get: adminProcedure.output(adminAppSettingsOutput).query(({ ctx }) => getAdminAppSettings(ctx.db)),

  /** Saves everything at once (voices upserted by id, removed ones deleted) and answers the result. */
  update: adminProcedure
    .meta({ audit: { record: 'app' } })
    .input(adminAppUpdateInput)
    .output(adminAppSettingsOutput)
    .mutation(({ ctx, input }) => ctx.write((tx) => updateAdminAppSettings(tx, input))),
});
