import { isPublicStoragePath } from '@doppel/domain/files';
import { type FileStorage, isSafeStoragePath } from '@doppel/domain/ports';
import { type FastifyTRPCPluginOptions, fastifyRequestHandler } from '@trpc/server/adapters/fastify';
import type { FastifyInstance } from 'fastify';
import type { AppRouter } from '../trpc/router.ts';

/**
 * Largest upload request: a 10 MB file is about 14 MB as base64 inside JSON. Only the upload
 * call gets it; every other call keeps the server's 1 MB limit.
 */
export const uploadBodyLimit = 15 * 1024 * 1024;
export const uploadProcedurePath = 'files.upload';

/**
 * Mounts `files.upload` on its own static route, which the router prefers over tRPC's `/trpc/:path`,
 * so that only this call accepts large bodies. It is the same router and handler as every other
 * call. (A batched request that mixes it with other calls goes to `/trpc/:path` and keeps 1 MB.)
 */
export async function registerUploadRoute(
  app: FastifyInstance,
  trpcOptions: FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
): Promise<void> {
  await app.register(async (scope) => {
    // Like the tRPC plugin: hand the raw JSON text to tRPC, which parses it itself.
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'string', bodyLimit: uploadBodyLimit }, (_req, body, done) =>
      done(null, body),
    );
    scope.post(`/trpc/${uploadProcedurePath}`, { bodyLimit: uploadBodyLimit }, async (req, res) => {
      await fastifyRequestHandler({ ...trpcOptions, req, res, path: uploadProcedurePath });
    });
  });
}

/**
 * Serves stored files at `/files/{filePath}`. Paths come from the server (random ids), so a file
 * never changes: it is cached for a year. Anything that is not a path the server could have made
 * (`..`, odd characters, unknown types) is refused before the storage is asked.
 */
export function registerFileServing(app: FastifyInstance, storage: FileStorage): void {
  app.get('/files/*', async (req, reply) => {
    const path = (req.params as { '*': string })['*'];
    if (!isSafeStoragePath(path)) return reply.code(400).send({ error: 'Bad file path' });
    // Private files (gallery originals, voice notes) exist only behind the access-checked /media routes.
    if (!isPublicStoragePath(path)) return reply.code(404).send({ error: 'Not Found' });
    const file = await storage.read(path);
    if (!file) return reply.code(404).send({ error: 'Not Found' });
    return reply
      .header('content-type', file.contentType)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(file.bytes);
  });
}
