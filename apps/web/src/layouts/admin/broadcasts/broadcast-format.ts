// How the Broadcast section words and shows things: paths, status colours, progress, the step
// the stepper stands on, and the schedule picker's default and conversion. Pure, unit-tested.
import { type BroadcastStatus, broadcastSteps, formatCount } from '@doppel/validation';
import { toPickerValue } from '../../../components/picker-value.ts';

/** Live events the Broadcast screens refresh on: the broadcast row moves as the worker sends. */
export const broadcastEntities = ['broadcasts'] as const;

export function broadcastPath(broadcastId: string): string {
  return `/broadcasts/${encodeURIComponent(broadcastId)}`;
}

export const broadcastStatusColors: Record<BroadcastStatus, string> = {
  SCHEDULED: 'blue',
  PREPARING: 'yellow',
  SENDING_MESSAGES: 'grape',
  COMPLETED: 'teal',
  DELETED: 'gray',
};

/** "96 / 240". */
export function broadcastProgress(broadcast: { sentMessageCount: number; scheduledMessageCount: number }): string {
  return `${formatCount(broadcast.sentMessageCount)} / ${formatCount(broadcast.scheduledMessageCount)}`;
}

/** Sent of scheduled in percent, 0 before preparing and 100 once completed (an empty audience too). */
export function broadcastPercent(broadcast: {
  status: BroadcastStatus;
  sentMessageCount: number;
  scheduledMessageCount: number;
}): number {
  if (broadcast.status === 'COMPLETED') return 100;
  if (broadcast.scheduledMessageCount === 0) return 0;
  return Math.min(100, Math.round((broadcast.sentMessageCount / broadcast.scheduledMessageCount) * 100));
}

/**
 * The Stepper's active index for the progress of docs/product-rules.md#broadcasts: the current step, or past the last one once
 * completed (every step then shows done). A deleted broadcast never left its first step.
 */
export function activeStep(status: BroadcastStatus): number {
  if (status === 'COMPLETED') return broadcastSteps.length;
  if (status === 'DELETED') return 0;
  return broadcastSteps.indexOf(status);
}

/** The picker's default: five minutes from `now`, on the minute, as the picker's local "YYYY-MM-DD HH:mm:ss". */
export function defaultScheduleValue(now: Date): string {
  const at = new Date(now.getTime() + 5 * 60_000);
  at.setSeconds(0, 0);
  return toPickerValue(at);
}

/** Quick picks beside the picker: most broadcasts go out soon, or tomorrow morning. */
export const schedulePresets = [
  { label: 'In 1 minute', at: (now: Date) => new Date(now.getTime() + 60_000) },
  { label: 'In 1 hour', at: (now: Date) => new Date(now.getTime() + 3_600_000) },
  {
    label: 'Tomorrow at 9:00',
    at: (now: Date) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1, 9, 0, 0),
  },
] as const;
