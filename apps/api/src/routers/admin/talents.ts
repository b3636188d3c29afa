// The admin back-office Talents section (spec 2.5): list, create, detail and settings. The detail's
// read-only tabs come from talent-tabs.ts. Use cases live in packages/domain/src/admin/talents.
import { router } from '../../trpc/procedures.ts';
import { talentTabProcedures } from './talent-tabs.ts';

export const talentsRouter = router({
  ...talentTabProcedures,
});
