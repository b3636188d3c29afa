// The download of a "Download my data" ZIP: only its owner, signed in, until it expires. Anyone
// else (signed out, another account, an admin) gets 404, as for an id that does not exist.
import type { Database } from '@doppel/db';
import { dataExportFileFor } from '@doppel/domain/account';
import { DomainError } from '@doppel/domain/errors';
import type { FileStorage } from '@doppel/domain/ports';
import type { FastifyInstance } from 'fastify';
import { resolveSession } from '../trpc/context.ts';

export function registerDataExportDownload(app: FastifyInstance, deps: { db: Database; storage: FileStorage }): void {
  app.get('/account/data-exports/:exportId/download', async (req, reply) => {
    const { exportId } = req.params as { exportId: string };
    const { user } = await resolveSession(deps.db, req);
    const notFound = () => reply.code(404).header('cache-control', 'no-store').send({ error: 'Not Found' });
    if (!user || user.isAnonymous) return notFound();
    let path: string;
    try {
      path = await dataExportFileFor(deps.db, user.id, exportId);
    } catch (error) {
      if (error instanceof DomainError) return notFound();
      throw error;
    }
    const file = await deps.storage.read(path);
    if (!file) return notFound();
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', 'attachment; filename="doppel-data.zip"')
      .header('cache-control', 'private, no-store')
      .header('x-content-type-options', 'nosniff')
      .send(file.bytes);
  });
}
