// The admin back-office Talents section (spec 2.5). Use cases live in packages/domain/src/admin/talents.
import { router } from '../../trpc/procedures.ts';

export const talentsRouter = router({});
