// The creator's Audience screen (talent.audience.get): fans, returning, paying and subscribing fans
// over a period, the top spenders and the conversion from first message to first purchase.
// Definitions live in packages/domain/src/talent/audience-maths.ts and docs/creator-dashboard.md.
import { z } from 'zod';

/** 30 days by day, 90 days by week, 12 months by month. */
export const audiencePeriods = ['30d', '90d', '12m'] as const;
export type AudiencePeriod = (typeof audiencePeriods)[number];

export const audienceInput = z.object({
  period: z.enum(audiencePeriods, { error: 'Choose a period: 30d, 90d or 12m.' }).default('30d'),
});
export type AudienceInput = z.input<typeof audienceInput>;

const count = z.number().int().nonnegative();

export const audienceCountsOutput = z.object({ fans: count, returning: count, paying: count, subscribers: count });

export const audienceOutput = z.object({
  period: z.enum(audiencePeriods),
  /** What the buckets are: a day, a week (from Monday) or a calendar month, in UTC. */
  bucket: z.enum(['day', 'week', 'month']),
  from: z.iso.datetime(),
  to: z.iso.datetime(),
  /** The whole period; subscribers are those active now. */
  totals: audienceCountsOutput,
  /** Oldest first; subscribers are those active at the end of each bucket. */
  series: z.array(audienceCountsOutput.extend({ start: z.iso.datetime() })),
  /** At most 10, biggest first. Fans are named, never shown by email. */
  topSpenders: z.array(
    z.object({
      fan: z.object({ id: z.string(), name: z.string(), isAnonymous: z.boolean() }),
      /** Payments to this twin in the period, in cents (USD). */
      paidCents: count,
      /** Paid credits spent on messages to this twin in the period. */
      paidCredits: count,
    }),
  ),
  conversion: z.object({
    newFans: count,
    converted: count,
    medianSeconds: count.nullable(),
  }),
});
export type AudienceOutput = z.infer<typeof audienceOutput>;
