import { consentStatement } from '@doppel/validation';
import { Alert, Button, Checkbox, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { formatDateTime } from '../../../components/format-date.ts';
import { LoadingPanel } from '../../../components/loading-panel.tsx';
import { notifySuccess } from '../../../components/notify-success.ts';
import { describeError } from '../../../errors/describe-error.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { useTalentContext, useTalentLive } from '../talent-context.ts';

/**
 * The consent confirmation (docs/safety.md) for creators whose twin predates it: that the twin's
 * name, face and voice are theirs or used with permission. Once given it is shown, not editable.
 */
export function ConsentCard() {
  const { talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const consent = trpc.talent.consent.get.useQuery({ talentId });
  useTalentLive(talentId, () => void utils.talent.consent.get.invalidate({ talentId }));
  const confirm = trpc.talent.consent.confirm.useMutation({
    onSuccess: (saved) => {
      utils.talent.consent.get.setData({ talentId }, saved);
      notifySuccess('Thank you, your confirmation is saved.');
    },
  });
  const [ticked, setTicked] = useState(false);

  let body: React.ReactNode;
  if (consent.isError) body = <ErrorAlert error={consent.error} onRetry={() => void consent.refetch()} />;
  else if (!consent.data) body = <LoadingPanel />;
  else if (consent.data.confirmedAt)
    body = (
      <Alert color="teal" variant="light" icon={<IconCircleCheck />} data-testid="consent-confirmed">
        You confirmed on {formatDateTime(consent.data.confirmedAt)}
        {consent.data.confirmedBy ? ` (${consent.data.confirmedBy})` : ''}: {consentStatement}
      </Alert>
    );
  else
    body = (
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          Your twin cannot be featured on Discover until you confirm this.
        </Text>
        <Checkbox label={consentStatement} checked={ticked} onChange={(event) => setTicked(event.currentTarget.checked)} />
        {confirm.isError && (
          <Alert color="red" variant="light">
            {describeError(confirm.error).message}
          </Alert>
        )}
        <Button
          w="fit-content"
          disabled={!ticked}
          loading={confirm.isPending}
          onClick={() => confirm.mutate({ talentId, confirmed: true })}
        >
          Confirm
        </Button>
      </Stack>
    );

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-label="Consent">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Name, face and voice
        </Title>
        {body}
      </Stack>
    </Paper>
  );
}
