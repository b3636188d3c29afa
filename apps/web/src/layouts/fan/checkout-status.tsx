import { Notification } from '@mantine/core';
import { IconCheck, IconInfoCircle, IconX } from '@tabler/icons-react';
import type { CheckoutNotice } from './checkout-return.ts';
import classes from './fan-chat.module.css';

const looks = {
  pending: { color: 'doppel', icon: undefined },
  success: { color: 'teal', icon: <IconCheck size={18} /> },
  neutral: { color: 'gray', icon: <IconInfoCircle size={18} /> },
  failure: { color: 'red', icon: <IconX size={18} /> },
} as const;

/**
 * The outcome of a checkout the fan came back from, under the header until dismissed: it stays in
 * view (unlike a toast) so the fan reads it whenever they look.
 */
export function CheckoutStatus({ notice, onDismiss }: { notice: CheckoutNotice; onDismiss: () => void }) {
  const look = looks[notice.tone];
  const pending = notice.tone === 'pending';
  return (
    <div className={classes.checkoutStatus}>
      <Notification
        color={look.color}
        icon={look.icon}
        loading={pending}
        withCloseButton={!pending}
        onClose={onDismiss}
        closeButtonProps={{ 'aria-label': 'Dismiss' }}
        withBorder
        radius="lg"
        role="status"
        aria-live="polite"
        data-testid="checkout-status"
        data-tone={notice.tone}
      >
        {notice.text}
      </Notification>
    </div>
  );
}
