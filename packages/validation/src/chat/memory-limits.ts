// The kinds of note a twin keeps about a fan, and how long one may be.
// No zod here (docs/architecture.md#performance): the pages that show these load no schemas.

export const fanMemoryKinds = ['NAME', 'FACT', 'PREFERENCE', 'EVENT'] as const;
export type FanMemoryKindValue = (typeof fanMemoryKinds)[number];

/** Longest note, in characters (the database checks it too). */
export const fanMemoryMaxLength = 300;
