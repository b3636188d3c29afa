// The admin back-office Users section (spec 2.5). Use cases live in packages/domain/src/admin/users.
import { router } from '../../trpc/procedures.ts';

export const usersRouter = router({});
