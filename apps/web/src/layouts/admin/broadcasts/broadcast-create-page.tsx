import '@mantine/dates/styles.css';
import { broadcastConfirmText, broadcastMessageMaxLength, pushHeadlineMaxLength, pushMessageMaxLength } from '@doppel/validation';
import { Button, Group, Modal, Stack, Text, Textarea, TextInput } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { useDisclosure } from '@mantine/hooks';
import { useNavigate } from 'react-router-dom';
import { toPickerValue } from '../../../components/picker-value.ts';
import { AdminPage, AdminPageHeader } from '../../../kit/admin-page.tsx';
import { FormCard } from '../../../kit/form-card.tsx';
import { FormFooter } from '../../../kit/form-footer.tsx';
import { TalentSelect } from '../../../kit/talent-select.tsx';
import { useServerForm } from '../../../kit/use-server-form.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { broadcastPath, schedulePresets } from './broadcast-format.ts';
import { initialScheduleValues, type ScheduleValues, scheduleInputOf, validateSchedule } from './schedule-values.ts';

/**
 * /broadcasts/create: the schedule form of docs/product-rules.md#admin-forms (optional twin, the chat message, the push
 * notification's headline and message, the date and time), "Are you sure you want to send this
 * message to all users?", then "Scheduled broadcast." and the new broadcast's page.
 */
export function BroadcastCreatePage() {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const schedule = trpc.admin.broadcasts.schedule.useMutation({ onSuccess: () => void utils.admin.broadcasts.list.invalidate() });
  const [confirming, { open, close }] = useDisclosure(false);

  const form = useForm<ScheduleValues>({
    mode: 'controlled',
    initialValues: initialScheduleValues(new Date()),
    validate: validateSchedule,
  });
  const { onSubmit, saving, error } = useServerForm(form, (values) => schedule.mutateAsync(scheduleInputOf(values)), {
    savedMessage: 'Scheduled broadcast.',
    onSaved: ({ broadcastId }) => navigate(broadcastPath(broadcastId)),
  });

  return (
    <AdminPage>
      <AdminPageHeader
        title="Schedule broadcast"
        description="The twin sends this message into the chat of every fan in the audience: signed-in fans who wrote in the last month, but not in the last 10 minutes."
        backTo="/broadcasts"
      />
      <FormCard title="Broadcast">
        {/* Checked first, then confirmed: the confirm dialog's button submits for real. */}
        <form onSubmit={form.onSubmit(open)} noValidate aria-label="Schedule broadcast">
          <Stack gap="md">
            <TalentSelect
              label="Twin"
              description="Empty: every fan gets it from the twin they talked to last."
              placeholder="All twins"
              data-testid="broadcast-talent-select"
              {...form.getInputProps('talentId')}
            />
            <Textarea
              label="Chat message"
              required
              autosize
              minRows={3}
              maxLength={broadcastMessageMaxLength}
              description={`${form.getValues().chatMessageText.length} / ${broadcastMessageMaxLength}`}
              {...form.getInputProps('chatMessageText')}
            />
            <TextInput
              label="Push notification headline"
              description="Optional: fans who turned notifications on get one with this title."
              maxLength={pushHeadlineMaxLength}
              {...form.getInputProps('pushNotificationHeadline')}
            />
            <TextInput
              label="Push notification message"
              maxLength={pushMessageMaxLength}
              {...form.getInputProps('pushNotificationMessage')}
            />
            <DateTimePicker
              label="Scheduled for"
              required
              valueFormat="DD/MM/YYYY HH:mm"
              minDate={toPickerValue(new Date())}
              popoverProps={{ withinPortal: true }}
              data-testid="broadcast-scheduled-at-input"
              {...form.getInputProps('scheduledAt')}
            />
            <Group gap="xs" mt={-8}>
              {schedulePresets.map((preset) => (
                <Button
                  key={preset.label}
                  size="compact-xs"
                  variant="light"
                  onClick={() => form.setFieldValue('scheduledAt', toPickerValue(preset.at(new Date())))}
                >
                  {preset.label}
                </Button>
              ))}
            </Group>
            <FormFooter error={error} saving={saving} errorTestId="broadcast-schedule-error" submitLabel="Schedule" />
          </Stack>
        </form>
      </FormCard>
      <Modal opened={confirming} onClose={close} title="Send broadcast?" centered>
        <Stack>
          <Text size="sm">{broadcastConfirmText}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              Cancel
            </Button>
            <Button
              onClick={() => {
                close();
                onSubmit();
              }}
            >
              Schedule
            </Button>
          </Group>
        </Stack>
      </Modal>
    </AdminPage>
  );
}
