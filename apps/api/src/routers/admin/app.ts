// The admin back-office App section (spec 2.5). Use cases live in packages/domain/src/admin/app.
import { router } from '../../trpc/procedures.ts';

export const appSettingsRouter = router({});
