import type { DiscoverSurface } from '@doppel/validation';

/** One emoji per visibility surface, for the list (docs/product-rules.md#admin-back-office "emoji for visibility surfaces"). */
export const surfaceEmoji: Record<DiscoverSurface, string> = {
  discoverFeed: '🧭',
  discoverInReview: '🕵️',
  homepage1: '🏠',
  homepage2: '🏡',
};

/** Entries change on the admin screens and the public page alike. */
export const discoverEntities = ['public_talents', 'talents'] as const;
