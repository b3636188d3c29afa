import { z } from 'zod';

/** The "Power up your AI twin" ladder (docs/product-rules.md#task-ladder), in order. */
export const dashboardTasks = ['UPLOAD_IMAGES', 'SET_VOICE', 'DEFINE_CONVERSATION_STARTERS'] as const;
export type DashboardTask = (typeof dashboardTasks)[number];
export const nextTaskValues = [...dashboardTasks, 'COMPLETE'] as const;
export type NextTask = (typeof nextTaskValues)[number];

export const dashboardHomeOutput = z.object({
  progress: z.object({ done: z.number().int(), total: z.number().int(), nextTask: z.enum(nextTaskValues) }),
  shareUrl: z.string(),
  /** Cents (USD), floored. `disbursableCents` counts earnings older than 24 hours, minus payouts. */
  earnings: z.object({
    totalNetCents: z.number().int(),
    thisMonthNetCents: z.number().int(),
    /** Today, as a UTC day (the earning frames' day). */
    todayNetCents: z.number().int(),
    disbursableCents: z.number().int(),
  }),
  engagement: z.object({ users: z.number().int(), payingUsers: z.number().int() }),
});
export type DashboardHome = z.infer<typeof dashboardHomeOutput>;

export const feedbackTokenOutput = z.object({ url: z.string(), token: z.string() });
export type FeedbackToken = z.infer<typeof feedbackTokenOutput>;
