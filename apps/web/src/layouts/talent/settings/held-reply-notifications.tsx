import { Loader, Paper, Stack, Switch, Text } from '@mantine/core';
import { type PushState, pushBlockedMessage } from '../../../push/push-support.ts';
import { type PushNotifications, usePushNotifications } from '../../../push/use-push-notifications.ts';

const label = 'Notify me on this device when a reply waits';

/** Why the switch cannot be used here, for the states where it cannot; null when it can. */
function unavailableReason(state: PushState): string | null {
  if (state === 'unsupported') {
    return 'This browser can’t show notifications. On an iPhone or iPad, add Doppel to your home screen and open it from there.';
  }
  if (state === 'blocked') return `${pushBlockedMessage} Allow notifications for this site there, then come back.`;
  return null;
}

/** What is happening, or what the notification does once on. */
function switchDescription(push: PushNotifications): string {
  if (push.busy) return push.state === 'on' ? 'Turning notifications off…' : 'Turning notifications on…';
  if (push.state === 'checking') return 'Checking this browser…';
  return 'A click on the notification opens Replies to approve. Your other devices keep their own setting.';
}

/**
 * Push notifications of held replies on this browser (the chat.held-reply-push job): the same
 * subscription as the fan messenger's, turned on or off at once, apart from the form's Save.
 */
export function HeldReplyNotifications() {
  const push = usePushNotifications({ enabled: true });
  const reason = unavailableReason(push.state);
  const waiting = push.busy || push.state === 'checking';
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }}>
      <Stack gap="xs">
        {reason ? (
          <>
            <Text fw={500}>{label}</Text>
            <Text size="sm" c="dimmed" role="status">
              {reason}
            </Text>
          </>
        ) : (
          <Switch
            label={label}
            description={switchDescription(push)}
            size="md"
            checked={push.state === 'on'}
            disabled={waiting}
            thumbIcon={waiting ? <Loader size={10} /> : undefined}
            onChange={(event) => (event.currentTarget.checked ? push.turnOn() : push.turnOff())}
          />
        )}
      </Stack>
    </Paper>
  );
}
