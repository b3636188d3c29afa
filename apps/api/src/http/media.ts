// The access-checked media routes of the fan messenger. Attachment URLs name a message and a
// position, never a file: which bytes (original, locked copy, nothing) a request gets is decided
// per request from the session, so a URL passed around grants nothing.
import type { Database } from '@doppel/db';
import { isAdmin, managesTalent, type Viewer } from '@doppel/domain/access';
import { decideMessageMedia, decideWelcomeMedia, type MediaDecision } from '@doppel/domain/chat';
import { type FileStorage, isSafeStoragePath } from '@doppel/domain/ports';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { resolveSession } from '../trpc/context.ts';

async function viewerOf(db: Database, req: FastifyRequest): Promise<Viewer> {
  return (await resolveSession(db, req)).user;
}

async function send(reply: FastifyReply, storage: FileStorage, decision: MediaDecision) {
  if (decision.kind === 'not-found') return reply.code(404).send({ error: 'Not Found' });
  if (decision.kind === 'locked') return reply.code(403).send({ error: 'Locked' });
  const file = await storage.read(decision.path);
  if (!file) return reply.code(404).send({ error: 'Not Found' });
  return (
    reply
      .header('content-type', file.contentType)
      // The same URL serves the locked copy before an unlock and the original after, and what it
      // serves depends on who asks: browsers must revalidate, shared caches must not keep it.
      .header('cache-control', 'private, no-cache')
      .header('vary', 'Cookie')
      .header('x-content-type-options', 'nosniff')
      .send(file.bytes)
  );
}

export function registerMediaRoutes(app: FastifyInstance, deps: { db: Database; storage: FileStorage }): void {
  app.get('/media/static/:talentId/:attachmentId', async (req, reply) => {
    const { talentId, attachmentId } = req.params as { talentId: string; attachmentId: string };
    const decision = await decideWelcomeMedia(deps.db, await viewerOf(deps.db, req), { talentId, attachmentId });
    return send(reply, deps.storage, decision);
  });

  // A talent's private files (gallery originals, voice notes) for its managers and admins: the
  // creator's own gallery screens show originals through this route.
  app.get('/media/talents/:talentId/*', async (req, reply) => {
    const { talentId, '*': rest } = req.params as { talentId: string; '*': string };
    const path = `talents/${talentId}/${rest}`;
    if (!isSafeStoragePath(path)) return reply.code(404).send({ error: 'Not Found' });
    const viewer = await viewerOf(deps.db, req);
    const allowed = managesTalent(viewer, talentId) || isAdmin(viewer);
    return send(reply, deps.storage, allowed ? { kind: 'file', path, original: true } : { kind: 'not-found' });
  });

  app.get('/media/:messageId/:attachmentId', async (req, reply) => {
    const { messageId, attachmentId } = req.params as { messageId: string; attachmentId: string };
    const decision = await decideMessageMedia(deps.db, await viewerOf(deps.db, req), { messageId, attachmentId });
    return send(reply, deps.storage, decision);
  });
}
