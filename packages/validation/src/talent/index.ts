// Creator dashboard and twin settings (talent.*, gallery.*, voice.*, dashboard.*, feedback.*):
// the forms and the server validate with these same schemas.
export * from './audience.ts';
export * from './boundaries.ts';
export * from './conversation-filters.ts';
export * from './conversations.ts';
export * from './dashboard.ts';
export * from './earnings.ts';
export * from './embed.ts';
export * from './gallery.ts';
export * from './knowledge.ts';
export * from './knowledge-gaps.ts';
export * from './knowledge-limits.ts';
export * from './limits.ts';
export * from './output.ts';
export * from './quality.ts';
export * from './reach-out.ts';
export * from './reply-approval.ts';
export * from './settings.ts';
export * from './telegram.ts';
export * from './voice.ts';
