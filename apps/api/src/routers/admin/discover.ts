// The admin back-office Discover section (spec 2.5). Use cases live in packages/domain/src/admin/discover.
import { router } from '../../trpc/procedures.ts';

export const discoverRouter = router({});
