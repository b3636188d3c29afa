// The admin Discover section's use cases, and the public discover feed they drive.

export { discoverIntro, discoverIntroMaxLength, discoverSampleQuestion } from './discover-card.ts';
export {
  createDiscoverEntry,
  deleteDiscoverEntry,
  getDiscoverEntry,
  listDiscoverEntries,
  updateDiscoverEntry,
} from './discover-entries.ts';
export { listPublicDiscover } from './public-discover.ts';
