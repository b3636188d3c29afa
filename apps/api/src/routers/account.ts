// Data rights of every signed-in account (docs/safety.md): "Download my data" (a request the
// account.export job turns into an emailed ZIP) and "Delete my account". Anonymous fans have no
// account to export or delete: their chats go with the browser's cookie.
import {
  type DataExportView,
  dataExportDownloadPath,
  deleteAccount,
  listDataExports,
  requestDataExport,
} from '@doppel/domain/account';
import { enqueue } from '@doppel/jobs';
import { dataExportOutput, dataExportsOutput, deleteAccountInput, deleteAccountOutput } from '@doppel/validation';
import { clearSessionCookie } from '../trpc/context.ts';
import { accountProcedure, router } from '../trpc/procedures.ts';

const shape = (row: DataExportView) => ({ ...row, downloadUrl: row.status === 'READY' ? dataExportDownloadPath(row.id) : null });

export const accountRouter = router({
  /** The latest requests with their status (requested, ready, expired, failed), newest first. */
  dataExports: accountProcedure
    .output(dataExportsOutput)
    .query(async ({ ctx }) => ({ exports: (await listDataExports(ctx.db, ctx.user.id)).map(shape) })),

  requestDataExport: accountProcedure.output(dataExportOutput).mutation(({ ctx }) =>
    ctx.write(async (tx) => {
      const request = await requestDataExport(tx, ctx.user.id);
      await enqueue(ctx.jobs, 'account.export', { exportId: request.id }, { tx });
      return shape(request);
    }),
  ),

  /** Deletes the account, signs out every session of it, and removes its export files. */
  delete: accountProcedure
    .input(deleteAccountInput)
    .output(deleteAccountOutput)
    .mutation(async ({ ctx }) => {
      const userId = ctx.user.id;
      const { sessionIds, exportFiles } = await ctx.write((tx) => deleteAccount(tx, userId));
      for (const sessionId of sessionIds) ctx.liveStreams.endSession(sessionId);
      clearSessionCookie(ctx.res);
      // After the commit: a failed removal leaves an unreachable file, never a half-deleted account.
      for (const path of exportFiles) await ctx.storage.remove(path).catch(() => {});
      return { deleted: true as const };
    }),
});
