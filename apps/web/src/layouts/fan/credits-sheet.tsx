import type { ChatOpenOutput } from '@doppel/validation';
import { Alert, Drawer, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconFlask, IconShoppingCartOff } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { trpc } from '../../trpc/trpc.ts';
import classes from './fan-chat.module.css';
import { PackCard } from './pack-card.tsx';
import { type Balance, balanceDescription } from './price-label.ts';
import { lowBalanceWarning, twinPricesLine } from './purchase-format.ts';
import { PurchaseHistory } from './purchase-history.tsx';
import { SubscriptionCard } from './subscription-card.tsx';
import { useStartCheckout } from './use-start-checkout.ts';

/** What opened the sheet: a subscription offer puts the subscription first. */
export type SheetIntent = 'credits' | 'subscribe';

type CreditsSheetProps = {
  /** Null while closed. */
  intent: SheetIntent | null;
  onClose: () => void;
  talent: ChatOpenOutput['talent'];
  balance: Balance;
  subscribedUntil: string | null;
  isSubscribed: boolean;
};

/**
 * "Get credits": the balance, the twin's prices, credit packs and the twin's subscription (each
 * opening a checkout), and the fan's purchase history with receipts. A bottom sheet on phones, a
 * side panel on wider screens. Signed-in fans only (an account comes before any purchase).
 */
export function CreditsSheet({ intent, onClose, talent, balance, subscribedUntil, isSubscribed }: CreditsSheetProps) {
  const wide = useMediaQuery('(min-width: 48em)');
  const utils = trpc.useUtils();
  const [tab, setTab] = useState<string | null>('buy');
  const [receiptOpen, setReceiptOpen] = useState(false);

  // The balance and the subscription come live with the chat (a `users` change); a purchase,
  // refund or dispute changes them, and with them the catalog and the history.
  const money = `${balance.credits}:${balance.paidCredits}:${subscribedUntil ?? ''}`;
  const seen = useRef(money);
  useEffect(() => {
    if (seen.current === money) return;
    seen.current = money;
    void utils.payments.catalog.invalidate();
    void utils.payments.history.invalidate();
  }, [money, utils]);

  // Each opening starts on the offers, the receipt closed.
  useEffect(() => {
    if (intent === null) return;
    setTab('buy');
    setReceiptOpen(false);
  }, [intent]);

  return (
    <Drawer
      opened={intent !== null}
      onClose={onClose}
      title="Get credits"
      position={wide ? 'right' : 'bottom'}
      size={wide ? 'md' : '88dvh'}
      classNames={{ content: wide ? undefined : classes.sheet }}
      // The receipt dialog opens above the sheet: it takes the focus and Escape meanwhile.
      trapFocus={!receiptOpen}
      closeOnEscape={!receiptOpen}
    >
      <div data-testid="credits-sheet">
        <Text fz="xs" c="dimmed" tt="uppercase" fw={700}>
          Your balance
        </Text>
        <Text fw={700} fz="lg" data-testid="sheet-balance">
          {balanceDescription(balance)}
        </Text>
        <Text fz="sm" c="dimmed" mt={4} data-testid="twin-prices">
          {twinPricesLine({ ...talent, isSubscribed })}
        </Text>
        <Tabs value={tab} onChange={setTab} mt="md">
          <Tabs.List grow>
            <Tabs.Tab value="buy">Buy</Tabs.Tab>
            <Tabs.Tab value="history">Purchase history</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="buy" pt="md">
            <BuyPanel
              intent={intent ?? 'credits'}
              talent={talent}
              balance={balance}
              subscribedUntil={subscribedUntil}
              isSubscribed={isSubscribed}
            />
          </Tabs.Panel>
          <Tabs.Panel value="history" pt="md">
            {tab === 'history' && <PurchaseHistory onReceiptChange={setReceiptOpen} />}
          </Tabs.Panel>
        </Tabs>
      </div>
    </Drawer>
  );
}

function BuyPanel({
  intent,
  talent,
  balance,
  subscribedUntil,
  isSubscribed,
}: Omit<CreditsSheetProps, 'intent' | 'onClose'> & { intent: SheetIntent }) {
  const catalog = trpc.payments.catalog.useQuery({ talentId: talent.id });
  const checkout = useStartCheckout({ talentId: talent.id, talentTag: talent.tag, returnPath: `/chat/${talent.tag}` });
  const warning = lowBalanceWarning({ balance, creditsToSendMessage: talent.creditsToSendMessage, isSubscribed });
  const busy = checkout.busyProductId;

  if (catalog.isPending) {
    return (
      <Stack gap="xs" role="status" aria-label="Loading offers">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} height={62} radius="lg" />
        ))}
      </Stack>
    );
  }
  if (catalog.isError) {
    return <ErrorAlert error={catalog.error} title="Could not load the offers" onRetry={() => void catalog.refetch()} />;
  }

  const { packs, subscription, provider } = catalog.data;
  // A server without card payments (production without Stripe) sells nothing: say so, offer nothing.
  if (provider === null) {
    return (
      <Stack gap="sm">
        <LowBalanceWarning warning={warning} />
        <Alert color="gray" variant="light" icon={<IconShoppingCartOff size={18} />} data-testid="purchases-unavailable">
          Purchases are not available right now. Credits and subscriptions cannot be bought on this server.
        </Alert>
      </Stack>
    );
  }
  const subscriptionCard = subscription && (
    <SubscriptionCard
      offer={subscription}
      twinName={talent.name}
      activeUntil={subscribedUntil ?? subscription.activeUntil}
      onSubscribe={() => checkout.start(subscription.productId)}
      loading={busy === subscription.productId}
      disabled={busy !== null}
    />
  );
  return (
    <Stack gap="sm">
      <LowBalanceWarning warning={warning} />
      {provider === 'sandbox' && (
        <Text fz="xs" c="dimmed" className={classes.sandboxNote} data-testid="sandbox-note">
          <IconFlask size={14} aria-hidden="true" /> Sandbox mode: no real money moves.
        </Text>
      )}
      {intent === 'subscribe' && subscriptionCard}
      {packs.length === 0 ? (
        <Text c="dimmed" fz="sm" ta="center" py="md">
          No credit packs are on sale right now.
        </Text>
      ) : (
        <Stack gap="xs" component="ul" className={classes.plainList} aria-label="Credit packs">
          {packs.map((pack) => (
            <li key={pack.id}>
              <PackCard pack={pack} onBuy={() => checkout.start(pack.id)} loading={busy === pack.id} disabled={busy !== null} />
            </li>
          ))}
        </Stack>
      )}
      {intent !== 'subscribe' && subscriptionCard}
    </Stack>
  );
}

/** Why the sheet opened when the balance runs low, above whatever it offers. */
function LowBalanceWarning({ warning }: { warning: string | null | undefined }) {
  if (!warning) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} />} data-testid="low-balance">
      {warning}
    </Alert>
  );
}
