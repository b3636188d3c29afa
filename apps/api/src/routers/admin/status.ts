// The admin back-office Status section (spec 2.5). Use cases live in packages/domain/src/admin/status.
import { router } from '../../trpc/procedures.ts';

export const statusRouter = router({});
