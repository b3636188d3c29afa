// The admin talent detail's read-only tabs' payloads (admin.talents.model, .payouts, .broadcasts,
// .analytics). Money crosses as integers in its stored unit (cents for payouts, micro-USD for
// earnings) and is formatted on the screen.
import { z } from 'zod';
import { broadcastStatuses, llmTypes, modelVersionStatuses, payoutStatuses, transferTypes } from '../enums.ts';
import { adminId, adminListInput, adminListOutput } from './list.ts';

/** Every tab reads one talent. */
export const adminTalentTabInput = z.object({ talentId: adminId('Talent ID') });
export type AdminTalentTabInput = z.infer<typeof adminTalentTabInput>;

/** The Payouts and Broadcast tabs page by keyset, 50 at a time. */
export const adminTalentTabListInput = adminListInput({ talentId: adminId('Talent ID') });
export type AdminTalentTabListInput = z.infer<typeof adminTalentTabListInput>;

// Model tab

export const adminTalentModelVersionOutput = z.object({
  id: z.string(),
  status: z.enum(modelVersionStatuses),
  fineTunedModelId: z.string().nullable(),
  createdAt: z.iso.datetime(),
});
export type AdminTalentModelVersion = z.infer<typeof adminTalentModelVersionOutput>;

export const adminTalentModelOutput = z.object({
  id: z.string(),
  name: z.string(),
  base: z.string(),
  /** The version the model answers with; null until one is made default. */
  defaultVersion: adminTalentModelVersionOutput.nullable(),
  versionCount: z.number().int().nonnegative(),
  /** True while a version is uploading its training file or fine-tuning (the list's spinner). */
  isFineTuning: z.boolean(),
  trainingExampleCount: z.number().int().nonnegative(),
});
export type AdminTalentModel = z.infer<typeof adminTalentModelOutput>;

export const adminTalentModelTabOutput = z.object({
  /** What the twin answers with (talent config); the defaults when the twin has no config row yet. */
  config: z.object({
    llmType: z.enum(llmTypes),
    llmModelId: z.string(),
    llmFineTunedModelId: z.string().nullable(),
  }),
  /** Fine-tuning models of this talent, by name. */
  models: z.array(adminTalentModelOutput),
});
export type AdminTalentModelTab = z.infer<typeof adminTalentModelTabOutput>;

// Payouts tab

export const adminTalentPayoutOutput = z.object({
  id: z.string(),
  status: z.enum(payoutStatuses),
  /** Minor units of `currency` (cents for USD). */
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  transferType: z.enum(transferTypes),
  requestedAt: z.iso.datetime(),
  createdAt: z.iso.datetime(),
  /** As stored; null when none was given (the screen says "Unknown reason" for REJECTED and FAILED). */
  rejectionReason: z.string().nullable(),
});
export type AdminTalentPayout = z.infer<typeof adminTalentPayoutOutput>;

export const adminTalentPayoutsOutput = adminListOutput(adminTalentPayoutOutput);
export type AdminTalentPayouts = z.infer<typeof adminTalentPayoutsOutput>;

// Broadcast tab

export const adminTalentBroadcastOutput = z.object({
  id: z.string(),
  status: z.enum(broadcastStatuses),
  message: z.string(),
  scheduledAt: z.iso.datetime(),
  scheduledMessageCount: z.number().int().nonnegative(),
  sentMessageCount: z.number().int().nonnegative(),
});
export type AdminTalentBroadcast = z.infer<typeof adminTalentBroadcastOutput>;

export const adminTalentBroadcastsOutput = adminListOutput(adminTalentBroadcastOutput);
export type AdminTalentBroadcasts = z.infer<typeof adminTalentBroadcastsOutput>;

// Analytics tab

/** The periods the Analytics tab offers, in days ending today (UTC). */
export const adminAnalyticsPeriods = [7, 30, 90] as const;
export type AdminAnalyticsPeriod = (typeof adminAnalyticsPeriods)[number];
export const defaultAdminAnalyticsPeriod: AdminAnalyticsPeriod = 30;

export const adminTalentAnalyticsInput = z.object({
  talentId: adminId('Talent ID'),
  days: z.literal(adminAnalyticsPeriods, { error: 'Choose 7, 30 or 90 days' }).default(defaultAdminAnalyticsPeriod),
});
export type AdminTalentAnalyticsInput = z.input<typeof adminTalentAnalyticsInput>;

const count = z.number().int().nonnegative();
/** Integer micro-USD (1e-6 USD), exact. */
const microUsd = z.number().int().nonnegative();

/** Activity of one UTC day; a day without activity has zeros. */
export const adminAnalyticsDayOutput = z.object({
  /** yyyy-MM-dd (UTC), the key of the day's earning frame. */
  day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  /** Every message in the twin's chats: the fans' and the twin's. */
  messages: count,
  /** Messages sent by fans. */
  fanMessages: count,
  /** Fans who sent at least one message that day. */
  fans: count,
  /** Of those, fans whose chat has spent paid credits (the chat's paid-credits flag). */
  payingFans: count,
  grossMicroUsd: microUsd,
  netMicroUsd: microUsd,
});
export type AdminAnalyticsDay = z.infer<typeof adminAnalyticsDayOutput>;

export const adminTalentAnalyticsOutput = z.object({
  talentId: z.string(),
  days: z.number().int().positive(),
  /** First and last day of the period (yyyy-MM-dd, UTC), both included. */
  from: z.string(),
  to: z.string(),
  /** One entry per day of the period, oldest first. */
  series: z.array(adminAnalyticsDayOutput),
  /** The period as a whole; fans are counted once however many days they wrote. */
  period: z.object({
    messages: count,
    fanMessages: count,
    fans: count,
    payingFans: count,
    /** Chats opened during the period. */
    newChats: count,
    grossMicroUsd: microUsd,
    netMicroUsd: microUsd,
  }),
  allTime: z.object({
    /** From the TOTAL earning frame; zero when the twin never earned. */
    grossMicroUsd: microUsd,
    netMicroUsd: microUsd,
    chats: count,
    /** The total metric frame; null when the twin has none yet. */
    metrics: z
      .object({
        chatWithAuthenticationCount: count,
        chatWithPaymentCount: count,
      })
      .nullable(),
  }),
});
export type AdminTalentAnalytics = z.infer<typeof adminTalentAnalyticsOutput>;
