import '@mantine/dates/styles.css';
import {
  type ReachOutTriggerForm,
  type ReachOutTriggerView,
  reachOutAudienceLabels,
  reachOutAudiences,
  reachOutInstructionMaxLength,
  reachOutKindLabels,
  reachOutTriggerForm,
} from '@doppel/validation';
import { Alert, Group, NumberInput, Paper, Select, SimpleGrid, Stack, Switch, Text, Textarea } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { schemaResolver, useForm } from '@mantine/form';
import { pickerValueToIso, toPickerValue } from '../../../components/picker-value.ts';
import { useSyncFormWithData } from '../../../forms/use-sync-form-with-data.ts';
import { useServerForm } from '../../../kit/use-server-form.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { useTalentContext, useTalentLive } from '../talent-context.ts';
import { SettingsForm, SettingsPage } from './settings-page.tsx';

/** /settings/reach-out: the triggers on which the twin writes to one fan unasked (docs/reach-out.md), with what each brought. */
export function ReachOutPage() {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const query = trpc.talent.reachOut.get.useQuery({ talentId });
  useTalentLive(talentId, () => void utils.talent.reachOut.get.invalidate({ talentId }));
  return (
    <SettingsPage
      title="Reach out"
      description="Your twin writes one fan a personal message when something happens. Never at night on the fan's clock, at most once a day and twice a week per fan, never to fans who turned it off."
      query={query}
    >
      {(settings) => (
        <Stack gap="lg">
          {settings.approvalHolds && (
            <Alert color="yellow" variant="light">
              Reply approval is on: each reach-out waits in Replies to approve until you send it.
            </Alert>
          )}
          {settings.triggers.map((trigger) => (
            <TriggerCard key={trigger.kind} trigger={trigger} />
          ))}
        </Stack>
      )}
    </SettingsPage>
  );
}

/** The form's values: a custom date's time as the picker holds it (local "YYYY-MM-DD HH:mm:ss"). */
type TriggerValues = Omit<ReachOutTriggerForm, 'sendAt'> & { sendAt: string | null };

const validateTrigger = schemaResolver(reachOutTriggerForm, { sync: true });

/** What the server takes: the picker's time as an instant (a value that is not a date stays, to be refused). */
function triggerInput(values: TriggerValues): ReachOutTriggerForm {
  return { ...values, sendAt: values.sendAt ? (pickerValueToIso(values.sendAt) ?? values.sendAt) : null };
}

function TriggerCard({ trigger }: { trigger: ReachOutTriggerView }) {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const values: TriggerValues = {
    kind: trigger.kind,
    enabled: trigger.enabled,
    instruction: trigger.instruction,
    sendAt: null,
    ...(trigger.kind === 'CHECK_IN' ? { minMessages: trigger.minMessages, quietDays: trigger.quietDays } : {}),
    ...(trigger.kind === 'CUSTOM_DATE'
      ? { sendAt: trigger.sendAt ? toPickerValue(new Date(trigger.sendAt)) : null, audience: trigger.audience }
      : {}),
  };
  const form = useForm<TriggerValues>({
    mode: 'controlled',
    initialValues: values,
    validate: (current) => validateTrigger(triggerInput(current)),
  });
  useSyncFormWithData(form, values);
  const mutation = trpc.talent.reachOut.update.useMutation();
  const { onSubmit: submit, error } = useServerForm(
    form,
    (input) => mutation.mutateAsync({ talentId, ...reachOutTriggerForm.parse(triggerInput(input)) }),
    {
      onSaved: (saved) => {
        utils.talent.reachOut.get.setData({ talentId }, saved);
        form.resetDirty();
      },
    },
  );
  const label = reachOutKindLabels[trigger.kind];
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid={`reach-out-${trigger.kind}`}>
      <SettingsForm onSubmit={submit} saving={mutation.isPending} error={error}>
        <Switch
          size="md"
          label={label.title}
          description={label.description}
          {...form.getInputProps('enabled', { type: 'checkbox' })}
        />
        {trigger.kind === 'CHECK_IN' && (
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <NumberInput label="After at least this many messages" min={1} max={1000} {...form.getInputProps('minMessages')} />
            <NumberInput label="Quiet for this many days" min={1} max={90} {...form.getInputProps('quietDays')} />
          </SimpleGrid>
        )}
        {trigger.kind === 'CUSTOM_DATE' && (
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            <DateTimePicker
              label="Send on"
              valueFormat="DD/MM/YYYY HH:mm"
              minDate={toPickerValue(new Date())}
              popoverProps={{ withinPortal: true }}
              clearable
              data-testid="reach-out-send-at"
              {...form.getInputProps('sendAt')}
            />
            <Select
              label="To"
              data={reachOutAudiences.map((audience) => ({ value: audience, label: reachOutAudienceLabels[audience] }))}
              allowDeselect={false}
              {...form.getInputProps('audience')}
            />
          </SimpleGrid>
        )}
        <Textarea
          label={trigger.kind === 'CUSTOM_DATE' ? 'What your twin should tell them' : 'What your twin should say or keep in mind'}
          autosize
          minRows={2}
          maxLength={reachOutInstructionMaxLength}
          {...form.getInputProps('instruction')}
        />
        <Group gap="lg">
          <Text size="sm" c="dimmed">
            Sent {trigger.stats.sent}
          </Text>
          <Text size="sm" c="dimmed">
            Replied {trigger.stats.replied}
          </Text>
          <Text size="sm" c="dimmed">
            Purchases within 7 days {trigger.stats.purchases}
          </Text>
        </Group>
      </SettingsForm>
    </Paper>
  );
}
