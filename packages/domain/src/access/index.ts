// Who may watch which live scopes (docs/architecture.md#live-reads).
export { canWatchScope, isAdmin, managesTalent, type ParsedScope, parseScope, type Viewer } from './scopes.ts';
export { assertCanWatchScopes } from './watch-scopes.ts';
