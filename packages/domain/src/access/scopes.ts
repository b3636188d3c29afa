/** Who is asking: enough to decide access without another query. */
export type Viewer = { id: string; role: 'USER' | 'ADMIN'; managedTalentIds: readonly string[] } | undefined;

export type ParsedScope =
  | { kind: 'app' }
  | { kind: 'admin' }
  | { kind: 'user'; id: string }
  | { kind: 'talent'; id: string }
  | { kind: 'chat'; id: string };

/** Splits a live-read scope string (`app`, `admin`, `user:{id}`, `talent:{id}`, `chat:{id}`). */
export function parseScope(scope: string): ParsedScope | undefined {
  if (scope === 'app' || scope === 'admin') return { kind: scope };
  const [kind, id, extra] = scope.split(':');
  if (!id || extra !== undefined) return undefined;
  if (kind === 'user' || kind === 'talent' || kind === 'chat') return { kind, id };
  return undefined;
}

export const isAdmin = (viewer: Viewer): boolean => viewer?.role === 'ADMIN';

/** A talent manager acts for the talents in their managed list, and only those. */
export const managesTalent = (viewer: Viewer, talentId: string): boolean => viewer?.managedTalentIds.includes(talentId) ?? false;

/**
 * May the viewer watch this scope? Chat scopes need the chat's owner and talent, so the caller
 * passes them in (`chat`); an unknown chat is refused.
 */
export function canWatchScope(viewer: Viewer, scope: ParsedScope, chat?: { userId: string; talentId: string }): boolean {
  switch (scope.kind) {
    case 'app':
      return true;
    case 'admin':
      return isAdmin(viewer);
    case 'user':
      return viewer !== undefined && (viewer.id === scope.id || isAdmin(viewer));
    case 'talent':
      return managesTalent(viewer, scope.id) || isAdmin(viewer);
    case 'chat':
      if (!viewer || !chat) return false;
      return chat.userId === viewer.id || managesTalent(viewer, chat.talentId) || isAdmin(viewer);
  }
}
