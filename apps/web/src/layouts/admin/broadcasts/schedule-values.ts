// The schedule form's values and how they become admin.broadcasts.schedule's input, checked on the
// client by the same schema the server uses (the messages of docs/product-rules.md#admin-forms). Pure, unit-tested.
import { type AdminBroadcastScheduleInput, adminBroadcastScheduleInput } from '@doppel/validation';
import { schemaResolver } from '@mantine/form';
import { pickerValueToIso } from '../../../components/picker-value.ts';
import { defaultScheduleValue } from './broadcast-format.ts';

export type ScheduleValues = {
  /** Null: every twin (each fan hears from the twin of their chat). */
  talentId: string | null;
  chatMessageText: string;
  pushNotificationHeadline: string;
  pushNotificationMessage: string;
  /** The picker's local "YYYY-MM-DD HH:mm:ss". */
  scheduledAt: string | null;
};

export function initialScheduleValues(now: Date): ScheduleValues {
  return {
    talentId: null,
    chatMessageText: '',
    pushNotificationHeadline: '',
    pushNotificationMessage: '',
    scheduledAt: defaultScheduleValue(now),
  };
}

/** The procedure's input; a picker value that is no date stays as typed, for the schema to refuse. */
export function scheduleInputOf(values: ScheduleValues): AdminBroadcastScheduleInput {
  return {
    talentId: values.talentId,
    chatMessageText: values.chatMessageText,
    pushNotificationHeadline: values.pushNotificationHeadline,
    pushNotificationMessage: values.pushNotificationMessage,
    scheduledAt: pickerValueToIso(values.scheduledAt) ?? values.scheduledAt ?? '',
  };
}

const resolver = schemaResolver(adminBroadcastScheduleInput, { sync: true });

/** The form's validation: the schedule schema's messages under the fields (a past time is the server's call). */
export function validateSchedule(values: ScheduleValues): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const [path, message] of Object.entries(resolver(scheduleInputOf(values)))) {
    if (typeof message === 'string' && !errors[path]) errors[path] = message;
  }
  return errors;
}
