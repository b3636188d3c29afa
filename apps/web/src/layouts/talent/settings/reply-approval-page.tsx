import { type ReplyApprovalSettings, replyApprovalSettings, replyHoldMinutesChoices } from '@doppel/validation';
import { Radio, Select, Stack, Switch } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { useSyncFormWithData } from '../../../forms/use-sync-form-with-data.ts';
import { useServerForm } from '../../../kit/use-server-form.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { useTalentContext, useTalentLive } from '../talent-context.ts';
import { HeldReplyNotifications } from './held-reply-notifications.tsx';
import { holdMinutesLabel } from './reply-approval-labels.ts';
import { SettingsForm, SettingsPage } from './settings-page.tsx';

const holdChoices = replyHoldMinutesChoices.map((minutes) => ({ value: String(minutes), label: holdMinutesLabel(minutes) }));

/**
 * /settings/approval: whether the twin's replies wait for the creator, how long, and what then;
 * and whether this device is notified when one waits.
 */
export function ReplyApprovalPage() {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const query = trpc.talent.replyApproval.get.useQuery({ talentId });
  useTalentLive(talentId, () => void utils.talent.replyApproval.get.invalidate({ talentId }));
  return (
    <SettingsPage
      title="Reply approval"
      description="Read your twin’s replies before fans do: send them as they are, edit them or reject them in Replies to approve. Your edits teach your twin."
      query={query}
    >
      {(settings) => (
        <>
          <ReplyApprovalForm settings={settings} />
          <HeldReplyNotifications />
        </>
      )}
    </SettingsPage>
  );
}

function ReplyApprovalForm({ settings }: { settings: ReplyApprovalSettings }) {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const form = useForm<ReplyApprovalSettings>({
    mode: 'controlled',
    initialValues: settings,
    validate: schemaResolver(replyApprovalSettings, { sync: true }),
  });
  useSyncFormWithData(form, settings);
  const mutation = trpc.talent.replyApproval.update.useMutation();

  const { onSubmit: submit, error: otherError } = useServerForm(
    form,
    (values) => mutation.mutateAsync({ talentId, ...replyApprovalSettings.parse(values) }),
    {
      onSaved: (saved) => {
        utils.talent.replyApproval.get.setData({ talentId }, saved);
        form.resetDirty(saved);
        // The inbox's empty state depends on whether approval mode is on.
        void utils.talent.replyDrafts.list.invalidate({ talentId });
      },
    },
  );

  return (
    <SettingsForm onSubmit={submit} saving={mutation.isPending} error={otherError}>
      <Switch
        label="Hold the twin’s replies for my approval"
        description="Fans see that you will answer soon until you decide. You can still choose per fan in their conversation."
        size="md"
        {...form.getInputProps('enabled', { type: 'checkbox' })}
      />
      <Select
        label="A reply may wait"
        description="Also for fans whose replies you always approve."
        size="md"
        data={holdChoices}
        allowDeselect={false}
        value={String(form.values.holdMinutes)}
        onChange={(value) => form.setFieldValue('holdMinutes', Number(value))}
        error={form.errors.holdMinutes}
      />
      <Radio.Group label="When a reply waits longer" size="md" {...form.getInputProps('expiryAction')}>
        <Stack gap="sm" mt="xs">
          <Radio value="SEND" label="Send it as drafted" />
          <Radio value="DROP" label="Drop it (the fan gets their credits back)" />
        </Stack>
      </Radio.Group>
    </SettingsForm>
  );
}
