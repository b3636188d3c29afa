import type { CheckoutView } from '@doppel/validation';
import { Alert, Button, Divider, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconFlask, IconLock } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { formatPrice } from '../../components/money.ts';
import { trpc } from '../../trpc/trpc.ts';
import { checkoutReturnPath } from './return-path.ts';

/**
 * The sandbox's stand-in for a payment page: what is being bought, Pay (booked at once, marked as
 * sandbox) and Cancel, both back to where the checkout came from, as Stripe's page would.
 */
export function SandboxCheckoutCard({ checkout }: { checkout: CheckoutView }) {
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const back = (outcome: 'success' | 'cancel') => navigate(checkoutReturnPath(checkout.returnPath, checkout.id, outcome));
  const pay = trpc.payments.completeSandboxCheckout.useMutation({
    onSuccess: () => back('success'),
    // Closed or paid meanwhile (another tab): show what it is now.
    onError: () => void utils.payments.checkoutStatus.invalidate({ checkoutId: checkout.id }),
  });
  const price = formatPrice(checkout.price);
  const isSubscription = checkout.mode === 'subscription';

  return (
    <Paper withBorder shadow="sm" p="lg" data-testid="sandbox-checkout" data-status={checkout.status}>
      <Stack gap="md">
        <Title order={1} fz="h3">
          Sandbox checkout
        </Title>
        <Alert color="yellow" variant="light" icon={<IconFlask size={18} />} data-testid="sandbox-notice">
          This is a sandbox: no real money moves. Doppel runs without a payment provider configured.
        </Alert>

        <div>
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div style={{ minWidth: 0 }}>
              <Text fw={700} data-testid="checkout-product">
                {checkout.productName}
              </Text>
              <Text fz="sm" c="dimmed">
                {isSubscription ? 'Monthly subscription' : `${checkout.credits ?? 0} credits`}
                {checkout.talent ? ` · ${checkout.talent.name}` : ''}
              </Text>
            </div>
            <Text fw={800} fz="lg" data-testid="checkout-price" style={{ flex: 'none' }}>
              {price}
              {isSubscription && (
                <Text span fz="sm" fw={500} c="dimmed">
                  {' '}
                  / month
                </Text>
              )}
            </Text>
          </Group>
          {isSubscription && checkout.talent && (
            <Text fz="sm" mt={4}>
              Unlimited messages with {checkout.talent.name}, renewed every month.
            </Text>
          )}
        </div>
        <Divider />

        <CheckoutActions
          checkout={checkout}
          price={price}
          paying={pay.isPending}
          onPay={() => pay.mutate({ checkoutId: checkout.id })}
          onBack={back}
        />
      </Stack>
    </Paper>
  );
}

type CheckoutActionsProps = {
  checkout: CheckoutView;
  price: string;
  paying: boolean;
  onPay: () => void;
  onBack: (outcome: 'success' | 'cancel') => void;
};

/** Pay and Cancel while the checkout is open; otherwise what became of it and the way back. */
function CheckoutActions({ checkout, price, paying, onPay, onBack }: CheckoutActionsProps) {
  const navigate = useNavigate();
  const backToChat = (
    <Button variant="default" fullWidth onClick={() => navigate(checkout.returnPath)}>
      Back to the chat
    </Button>
  );
  if (checkout.provider !== 'sandbox') {
    return (
      <Stack gap="sm">
        <Text data-testid="checkout-state">This checkout is paid on the payment provider's page, not here.</Text>
        {backToChat}
      </Stack>
    );
  }
  if (checkout.status === 'COMPLETED') {
    return (
      <Stack gap="sm">
        <Group gap={6} data-testid="checkout-state">
          <IconCheck size={18} color="var(--mantine-color-teal-6)" aria-hidden="true" />
          <Text fw={600}>This checkout is already paid.</Text>
        </Group>
        {backToChat}
      </Stack>
    );
  }
  if (checkout.status !== 'OPEN') {
    return (
      <Stack gap="sm">
        <Text fw={600} data-testid="checkout-state">
          This checkout was closed. Nothing was charged. Start a new purchase from the chat.
        </Text>
        {backToChat}
      </Stack>
    );
  }
  return (
    <Stack gap="sm">
      <Button size="md" variant="gradient" fullWidth leftSection={<IconLock size={18} />} onClick={onPay} loading={paying}>
        Pay {price}
      </Button>
      <Button variant="subtle" color="gray" fullWidth onClick={() => onBack('cancel')} disabled={paying}>
        Cancel
      </Button>
    </Stack>
  );
}
