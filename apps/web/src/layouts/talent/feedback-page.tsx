import { type FeedbackToken, talentMessages } from '@doppel/validation';
import { Alert, Button, Paper, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { LoadingPanel } from '../../components/loading-panel.tsx';
import { describeError } from '../../errors/describe-error.ts';
import { handleError } from '../../errors/handle-error.ts';
import { truncateMessage } from '../../errors/truncate-message.ts';
import { trpc } from '../../trpc/trpc.ts';
import { boardAddress } from './feedback-address.ts';
import { SettingsHeader } from './settings/settings-page.tsx';

type State = { status: 'loading' } | { status: 'ready'; token: FeedbackToken } | { status: 'failed'; message: string };

/**
 * /feedback: the feature-request board of a third-party service, signed in with a token the server
 * signs; without configuration or on failure the page shows the message, or the fallback text of
 * docs/product-rules.md#errors-and-success-messages. The page is the error display, so the failure is reported without a toast on top.
 */
export function FeedbackPage() {
  const utils = trpc.useUtils();
  const [state, setState] = useState<State>({ status: 'loading' });

  const load = useCallback(() => {
    setState({ status: 'loading' });
    utils.client.feedback.token
      .query()
      .then((token) => setState({ status: 'ready', token }))
      .catch((error: unknown) => {
        handleError(error, { path: 'feedback.token', notify: false });
        setState({ status: 'failed', message: describeError(error).message || talentMessages.feedbackFailed });
      });
  }, [utils]);
  useEffect(load, [load]);

  return (
    <Stack gap="lg" h="100%">
      <SettingsHeader title="Feedback" description="Request features and vote on what we build next." />
      {state.status === 'failed' ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
          {truncateMessage(state.message)}
          <Button display="block" mt="sm" size="xs" variant="white" color="red" onClick={load}>
            Retry
          </Button>
        </Alert>
      ) : state.status === 'loading' ? (
        <LoadingPanel />
      ) : (
        <Paper withBorder radius="lg" style={{ overflow: 'hidden' }}>
          <iframe
            title="Feature requests"
            src={boardAddress(state.token.url, state.token.token)}
            style={{ border: 0, width: '100%', height: 'calc(100dvh - 220px)', minHeight: 480, display: 'block' }}
          />
        </Paper>
      )}
    </Stack>
  );
}
