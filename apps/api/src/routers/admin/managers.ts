// The admin talent detail's Managers tab (spec 2.5): managers and invitations of one talent.
// Use cases live in packages/domain/src/admin/managers.
import { router } from '../../trpc/procedures.ts';

export const managersRouter = router({});
