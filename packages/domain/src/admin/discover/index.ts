// The admin Discover section's use cases, and the public discover feed they drive.

export * from './discover-card.ts';
export * from './discover-entries.ts';
export * from './public-discover.ts';
