// The twin reaching out (docs/reach-out.md): the creator's Settings → Reach out
// (talent.reachOut.*), the fan's switch in the chat menu (chat.reachOuts.*) and the admins' counts.
import { z } from 'zod';
import { singleLineText } from '../common/single-line.ts';
import { type ReachOutKind, reachOutKinds } from '../enums.ts';

/** Who a date the creator chooses writes to: fans who ever wrote to the twin, narrowed. */
export const reachOutAudiences = ['EVERYONE', 'RECENT', 'PAYING', 'SUBSCRIBERS'] as const;
export type ReachOutAudience = (typeof reachOutAudiences)[number];
export const reachOutAudienceLabels: Record<ReachOutAudience, string> = {
  EVERYONE: 'Every fan who wrote to your twin',
  RECENT: 'Fans who wrote in the last 30 days',
  PAYING: 'Fans who bought something',
  SUBSCRIBERS: 'Current subscribers',
};
/** The days after its time a custom date's message may still go out (quiet hours, caps). */
export const customDateWindowDays = 2;

/** A trigger's settings: the check-in's numbers, or a custom date's time (an ISO instant) and audience. */
export type ReachOutParams = {
  minMessages?: number;
  quietDays?: number;
  sendAt?: string;
  audience?: ReachOutAudience;
};

export const reachOutInstructionMaxLength = 500;
export const checkInDefaults = { minMessages: 5, quietDays: 7 } as const;

/** What each trigger is called on the creator's page, and what it does. */
export const reachOutKindLabels: Record<ReachOutKind, { title: string; description: string }> = {
  CHECK_IN: {
    title: 'Check in',
    description: 'A fan who wrote at least a few messages has gone quiet for a while.',
  },
  THANK_YOU: { title: 'Thank you', description: "A fan's first purchase, or a new subscription." },
  SUBSCRIPTION_ENDING: { title: 'Subscription ending', description: "A fan's subscription ends in 3 days." },
  SUBSCRIPTION_LAPSED: { title: 'Subscription lapsed', description: "A fan's subscription has ended." },
  REMIND_ME: {
    title: 'Remind me',
    description: 'A fan asks "remind me tomorrow to …": your twin confirms, and reminds them then.',
  },
  CUSTOM_DATE: {
    title: 'A date you choose',
    description: 'Once, at the time you set, to the fans you pick: news, a launch, a holiday greeting.',
  },
};

const whole = (label: string, min: number, max: number) =>
  z
    .number(`Enter ${label}`)
    .int(`${label[0]?.toUpperCase()}${label.slice(1)} must be a whole number`)
    .min(min, `Enter ${label} from ${min} to ${max}`)
    .max(max, `Enter ${label} from ${min} to ${max}`);

/** One trigger as the creator saves it. A custom date that is on needs its time and what to say. */
export const reachOutTriggerForm = z
  .object({
    kind: z.enum(reachOutKinds, 'Choose a trigger'),
    enabled: z.boolean(),
    instruction: z
      .string()
      .trim()
      .max(reachOutInstructionMaxLength, `Keep the instruction under ${reachOutInstructionMaxLength} characters`),
    minMessages: whole('a number of messages', 1, 1000).optional(),
    quietDays: whole('a number of days', 1, 90).optional(),
    sendAt: z.iso.datetime({ offset: true, error: 'Pick a valid date and time' }).nullish(),
    audience: z.enum(reachOutAudiences, 'Choose who gets it').optional(),
  })
  .superRefine((form, context) => {
    if (form.kind !== 'CUSTOM_DATE' || !form.enabled) return;
    if (!form.sendAt) context.addIssue({ code: 'custom', path: ['sendAt'], message: 'Pick the date and time to send' });
    if (!form.instruction) {
      context.addIssue({ code: 'custom', path: ['instruction'], message: 'Write what your twin should tell them' });
    }
  });
export type ReachOutTriggerForm = z.infer<typeof reachOutTriggerForm>;

export const reachOutStatsOutput = z.object({
  sent: z.number().int(),
  /** Sent reach-outs the fan wrote back to (a fan message after it). */
  replied: z.number().int(),
  /** Sent reach-outs followed by a purchase from that fan for that twin within 7 days. */
  purchases: z.number().int(),
});
export type ReachOutStatsView = z.infer<typeof reachOutStatsOutput>;

export const reachOutTriggerOutput = z.object({
  kind: z.enum(reachOutKinds),
  enabled: z.boolean(),
  instruction: z.string(),
  minMessages: z.number().int(),
  quietDays: z.number().int(),
  /** A custom date's time (ISO), null until set; its audience. */
  sendAt: z.string().nullable(),
  audience: z.enum(reachOutAudiences),
  stats: reachOutStatsOutput,
});
export type ReachOutTriggerView = z.infer<typeof reachOutTriggerOutput>;

export const reachOutSettingsOutput = z.object({
  triggers: z.array(reachOutTriggerOutput),
  /** The twin holds its replies for approval: its reach-outs wait in Replies to approve too (docs/reach-out.md#approval). */
  approvalHolds: z.boolean(),
});
export type ReachOutSettingsView = z.infer<typeof reachOutSettingsOutput>;

export const adminReachOutStatsInput = z.object({ talentId: singleLineText().min(1, 'Talent ID is not defined').max(100) });

/** The fan's switch: reach-outs from the twin of this chat on or off. */
export const chatReachOutsInput = z.object({ chatId: singleLineText().min(1, 'Chat ID is not defined').max(100) });
export const chatReachOutsSetInput = chatReachOutsInput.extend({
  enabled: z.boolean('Choose on or off'),
  /** The browser's IANA time zone, so quiet hours follow the fan's clock; ignored when unknown. */
  timeZone: singleLineText().max(64).optional(),
});
export const chatReachOutsOutput = z.object({ enabled: z.boolean() });

/** The fan's reminders in this chat the twin has not sent yet, soonest first (docs/reach-out.md#remind-me). */
export const chatRemindersOutput = z.object({
  reminders: z.array(z.object({ id: z.string(), about: z.string(), dueAt: z.iso.datetime() })),
});
export type ChatReminderView = z.infer<typeof chatRemindersOutput>['reminders'][number];
export const chatReminderCancelInput = chatReachOutsInput.extend({
  reminderId: singleLineText().min(1, 'Reminder ID is not defined').max(100, 'Reminder ID is too long.'),
});
export const chatReminderCancelOutput = z.object({ cancelled: z.literal(true) });
