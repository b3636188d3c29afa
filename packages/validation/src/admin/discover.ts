// The admin Discover section (docs/product-rules.md#admin-back-office "/public-talents"): twins featured on the discover
// surfaces, in order; and the public /discover page that lists the discover feed.
import { z } from 'zod';
import { singleLineText } from '../common/single-line.ts';
import { type DiscoverSurface, discoverSurfaces } from '../enums.ts';
import { adminId, adminListInput, adminListOutput } from './list.ts';

/** What each surface is called on the screens (docs/product-rules.md#discover-surfaces: a feed, its review, two homepages). */
export const discoverSurfaceLabels: Record<DiscoverSurface, string> = {
  discoverFeed: 'Discover feed',
  discoverInReview: 'Discover in review',
  homepage1: 'Homepage 1',
  homepage2: 'Homepage 2',
};

export const discoverMessages = {
  talentIdRequired: 'Talent ID is required',
  nameRequired: 'Name is required',
  orderNumber: 'Order must be a whole number',
} as const;

const visibility = z.object(
  Object.fromEntries(discoverSurfaces.map((surface) => [surface, z.boolean()])) as Record<DiscoverSurface, z.ZodBoolean>,
);
export type DiscoverVisibility = z.infer<typeof visibility>;

/** docs/product-rules.md#admin-forms "Create Public Talent: talentId required". */
export const createDiscoverEntryInput = z.object({
  talentId: singleLineText().min(1, discoverMessages.talentIdRequired).max(100),
});
export type CreateDiscoverEntryInput = z.infer<typeof createDiscoverEntryInput>;

/** docs/product-rules.md#admin-forms "Public talent: name required, order a number"; the visibility per surface. */
export const updateDiscoverEntryInput = z.object({
  id: adminId('Discover entry ID'),
  name: singleLineText().min(1, discoverMessages.nameRequired).max(100),
  order: z
    .number({ error: discoverMessages.orderNumber })
    .int(discoverMessages.orderNumber)
    .min(-1_000_000, discoverMessages.orderNumber)
    .max(1_000_000, discoverMessages.orderNumber),
  isVisibleRecord: visibility,
});
export type UpdateDiscoverEntryInput = z.infer<typeof updateDiscoverEntryInput>;

export const discoverEntryInput = z.object({ id: adminId('Discover entry ID') });

export const discoverEntryOutput = z.object({
  /** The talent's id: an entry is its talent's. */
  id: z.string(),
  name: z.string(),
  order: z.number().int(),
  isVisibleRecord: visibility,
  talent: z.object({ name: z.string(), tag: z.string().nullable(), profilePictureUrl: z.string().nullable() }),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type DiscoverEntryView = z.infer<typeof discoverEntryOutput>;

export const discoverListInput = adminListInput({});
export const discoverListOutput = adminListOutput(discoverEntryOutput);

/**
 * The public /discover page: twins on the discover feed, in order, each linking to its chat. Only
 * what the twin's chat shows any visitor: never prices' settings, prompts or anything of a fan.
 * The object is strict so a field added to the query by mistake fails the output check.
 */
export const publicDiscoverOutput = z.array(
  z.strictObject({
    id: z.string(),
    name: z.string(),
    tag: z.string(),
    /** The picture's address, as the messenger loads it. */
    pictureUrl: z.string().nullable(),
    /** The first welcome message's words, clipped to about two lines; null when there are none. */
    intro: z.string().nullable(),
    /** The first conversation starter; null when the twin has none. */
    sampleQuestion: z.string().nullable(),
  }),
);
export type PublicDiscoverTwin = z.infer<typeof publicDiscoverOutput>[number];
