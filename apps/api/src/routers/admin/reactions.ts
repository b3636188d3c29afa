// The admin back-office Reactions section (spec 2.5). Use cases live in packages/domain/src/admin/reactions.
import { router } from '../../trpc/procedures.ts';

export const reactionsRouter = router({});
