// The admin back-office Broadcast section (admin.broadcasts.*, docs/product-rules.md#admin-back-office "Broadcasts: list; create
// (schedule form); detail", the broadcast form of docs/product-rules.md#admin-forms and Schedule and Delete broadcast in docs/product-rules.md#calls).
import { z } from 'zod';
import { singleLineText } from '../common/single-line.ts';
import { type BroadcastStatus, broadcastStatuses } from '../enums.ts';
import { adminId, adminListInput, adminListOutput } from './list.ts';

/** The statuses of docs/product-rules.md#broadcasts as the screens name them. */
export const broadcastStatusLabels: Record<BroadcastStatus, string> = {
  SCHEDULED: 'Scheduled',
  PREPARING: 'Preparing',
  SENDING_MESSAGES: 'Sending messages',
  COMPLETED: 'Completed',
  DELETED: 'Deleted',
};

/** The progress a broadcast moves through (docs/product-rules.md#broadcasts); DELETED leaves it. */
export const broadcastSteps = [
  'SCHEDULED',
  'PREPARING',
  'SENDING_MESSAGES',
  'COMPLETED',
] as const satisfies readonly BroadcastStatus[];

/** docs/product-rules.md#admin-forms: the admin confirms before a broadcast is scheduled. */
export const broadcastConfirmText = 'Are you sure you want to send this message to all users?';

/** How far back a schedule may lie (a form left open a moment): older is refused as a mistake. */
export const broadcastSchedulePastToleranceMs = 5 * 60_000;

export const broadcastMessageMaxLength = 2000;
export const pushHeadlineMaxLength = 80;
export const pushMessageMaxLength = 200;

export const adminBroadcastsListInput = adminListInput({});

const talentRef = z.object({ id: z.string(), name: z.string(), tag: z.string().nullable() });

export const adminBroadcastRowOutput = z.object({
  id: z.string(),
  status: z.enum(broadcastStatuses),
  message: z.string(),
  /** Null: every twin's chats the audience has. */
  talent: talentRef.nullable(),
  hasPushNotification: z.boolean(),
  scheduledAt: z.iso.datetime(),
  scheduledMessageCount: z.number().int().nonnegative(),
  sentMessageCount: z.number().int().nonnegative(),
});
export type AdminBroadcastRow = z.infer<typeof adminBroadcastRowOutput>;
export const adminBroadcastsListOutput = adminListOutput(adminBroadcastRowOutput);
export type AdminBroadcastsListOutput = z.infer<typeof adminBroadcastsListOutput>;

export const adminBroadcastGetInput = z.object({ broadcastId: adminId('Broadcast ID') });

export const adminBroadcastDetailOutput = adminBroadcastRowOutput.extend({
  pushNotificationHeadline: z.string().nullable(),
  pushNotificationMessage: z.string().nullable(),
  startedPreparingAt: z.iso.datetime().nullable(),
  completedAt: z.iso.datetime().nullable(),
  deletedAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  createdBy: z.object({ id: z.string(), name: z.string(), email: z.string().nullable() }).nullable(),
  /** Send chunks: how many the audience was cut into and how many are delivered. */
  chunkCount: z.number().int().nonnegative(),
  sentChunkCount: z.number().int().nonnegative(),
  /** Push notifications handed to the fans' push services. */
  pushedCount: z.number().int().nonnegative(),
});
export type AdminBroadcastDetail = z.infer<typeof adminBroadcastDetailOutput>;

/** Blank is stored as none (null). The headline is one line; a notification's message may have several. */
const optionalText = (text: z.ZodString, max: number, label: string) =>
  text
    .max(max, `${label} must be at most ${max} characters`)
    .nullish()
    .transform((value) => value || null);

/** docs/product-rules.md#calls "Schedule broadcast (admin)"; docs/product-rules.md#admin-forms "text non-empty, scheduledAt a valid datetime". */
export const adminBroadcastScheduleInput = z.object({
  talentId: singleLineText()
    .max(100)
    .nullish()
    .transform((value) => value || null),
  chatMessageText: z
    .string()
    .trim()
    .min(1, 'Required')
    .max(broadcastMessageMaxLength, `The message must be at most ${broadcastMessageMaxLength} characters`),
  pushNotificationHeadline: optionalText(singleLineText(), pushHeadlineMaxLength, 'The headline'),
  pushNotificationMessage: optionalText(z.string().trim(), pushMessageMaxLength, 'The notification message'),
  scheduledAt: z.iso.datetime({ offset: true, error: 'Pick a valid date and time' }),
});
export type AdminBroadcastScheduleInput = z.infer<typeof adminBroadcastScheduleInput>;
export const adminBroadcastScheduleOutput = z.object({ broadcastId: z.string() });

/** docs/product-rules.md#calls "Delete broadcast": only while SCHEDULED. */
export const adminBroadcastDeleteInput = z.object({ broadcastId: adminId('Broadcast ID') });
export const adminBroadcastDeleteOutput = z.object({ broadcastId: z.string() });
