// Who may open a live stream (the API's live.events): every scope asked for is checked before the
// stream opens, so a refused client gets an error instead of a silent stream.
import { chats, type Executor } from '@doppel/db';
import { eq } from 'drizzle-orm';
import { DomainError } from '../errors.ts';
import { canWatchScope, parseScope, type Viewer } from './scopes.ts';

/**
 * Refuses the whole request when the viewer may not watch one of the scopes: INVALID for a scope
 * that does not parse, FORBIDDEN for a signed-in viewer, UNAUTHENTICATED for a signed-out one.
 * A chat scope reads the chat's owner and talent; an unknown chat is refused like a foreign one.
 */
export async function assertCanWatchScopes(db: Executor, viewer: Viewer, scopes: readonly string[]): Promise<void> {
  for (const scope of scopes) {
    const parsed = parseScope(scope);
    if (!parsed) throw new DomainError('INVALID', `Unknown live scope ${scope}`);
    const chat =
      parsed.kind === 'chat'
        ? (await db.select({ userId: chats.userId, talentId: chats.talentId }).from(chats).where(eq(chats.id, parsed.id)))[0]
        : undefined;
    if (!canWatchScope(viewer, parsed, chat)) {
      throw new DomainError(viewer ? 'FORBIDDEN' : 'UNAUTHENTICATED', `You may not watch ${scope}.`);
    }
  }
}
