import { uploadFile } from '@doppel/domain/files';
import { uploadedFileOutput, uploadFileInput } from '@doppel/validation';
import { authedProcedure, router } from '../trpc/procedures.ts';

export const filesRouter = router({
  /**
   * docs/product-rules.md#calls "Upload file". Served at its own route with a larger body limit (see http/files.ts);
   * who may upload for which owner is decided by the domain from the owner; a knowledge document's
   * format by the document reader, from its bytes.
   */
  upload: authedProcedure
    .input(uploadFileInput)
    .output(uploadedFileOutput)
    .mutation(({ ctx, input }) => uploadFile(ctx.db, ctx.storage, ctx.images, ctx.user, input, ctx.documents.detectFormat)),
});
