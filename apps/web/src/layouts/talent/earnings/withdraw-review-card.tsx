import { formatCents } from '@doppel/validation';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconSend } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { truncateMessage } from '../../../errors/truncate-message.ts';
import type { WithdrawValues } from './earnings-format.ts';
import { payoutArrivalText, payoutDestinationText } from './withdraw-review.ts';

function ReviewRow({
  label,
  testId,
  size,
  children,
}: {
  label: string;
  testId: string;
  /** The amount is what the creator checks first: it reads large. */
  size?: 'xl';
  children: ReactNode;
}) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={size ? 800 : 600} fz={size} data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

/**
 * The second step of Withdraw: what the request will do, read before it is sent (a payout moves
 * the whole balance, so one stray tap must not send it). Only Confirm calls the server; Back
 * returns to the filled-in form.
 */
export function WithdrawReviewCard({
  amountCents,
  values,
  sending,
  error,
  onConfirm,
  onBack,
}: {
  amountCents: number;
  values: WithdrawValues;
  sending: boolean;
  error: string | null;
  onConfirm: () => void;
  onBack: () => void;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="withdraw-review">
      <Stack gap="md">
        <Text fw={700}>Check your payout</Text>
        <ReviewRow label="Amount" testId="withdraw-review-amount" size="xl">
          {formatCents(amountCents)}
        </ReviewRow>
        <ReviewRow label="To" testId="withdraw-review-destination">
          {payoutDestinationText(values)}
        </ReviewRow>
        <ReviewRow label="Expected arrival" testId="withdraw-review-arrival">
          {payoutArrivalText}
        </ReviewRow>
        {error && (
          <Alert color="red" variant="light" icon={<IconAlertCircle />} role="alert">
            {truncateMessage(error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onBack} disabled={sending}>
            Back
          </Button>
          <Button leftSection={<IconSend size={18} />} onClick={onConfirm} loading={sending}>
            Confirm
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
