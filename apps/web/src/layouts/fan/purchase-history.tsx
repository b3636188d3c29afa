import type { PurchaseView } from '@doppel/validation';
import { Badge, Button, Center, Group, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useState } from 'react';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { formatPrice } from '../../components/money.ts';
import { RelativeTime } from '../../components/relative-time.tsx';
import { trpc } from '../../trpc/trpc.ts';
import classes from './fan-chat.module.css';
import { purchaseCreditsLabel, purchaseStatusLooks } from './purchase-format.ts';
import { ReceiptDialog } from './receipt-dialog.tsx';

/**
 * The fan's purchases, newest first (pages of 20, "Load more"); each row opens its receipt.
 * `onReceiptChange` lets the sheet step aside (focus, Escape) while the receipt is open.
 */
export function PurchaseHistory({ onReceiptChange }: { onReceiptChange: (open: boolean) => void }) {
  const history = trpc.payments.history.useInfiniteQuery({}, { getNextPageParam: (page) => page.nextCursor ?? undefined });
  const [receipt, setReceipt] = useState<PurchaseView | null>(null);
  const items = history.data?.pages.flatMap((page) => page.items) ?? [];
  const show = (purchase: PurchaseView | null) => {
    setReceipt(purchase);
    onReceiptChange(purchase !== null);
  };

  if (history.isPending) {
    return (
      <Stack gap="xs" role="status" aria-label="Loading purchases">
        {[0, 1, 2].map((index) => (
          <Skeleton key={index} height={58} radius="md" />
        ))}
      </Stack>
    );
  }
  if (history.isError) {
    return <ErrorAlert error={history.error} title="Could not load your purchases" onRetry={() => void history.refetch()} />;
  }
  if (items.length === 0) {
    return (
      <Text c="dimmed" fz="sm" ta="center" py="lg" data-testid="purchase-history-empty">
        No purchases yet.
      </Text>
    );
  }
  return (
    <>
      <Stack gap={6} component="ul" className={classes.plainList} aria-label="Purchases">
        {items.map((purchase) => (
          <li key={purchase.id}>
            <PurchaseRow purchase={purchase} onOpen={() => show(purchase)} />
          </li>
        ))}
      </Stack>
      {history.hasNextPage && (
        <Center mt="sm">
          <Button variant="light" size="xs" onClick={() => void history.fetchNextPage()} loading={history.isFetchingNextPage}>
            Load more
          </Button>
        </Center>
      )}
      <ReceiptDialog purchase={receipt} onClose={() => show(null)} />
    </>
  );
}

function PurchaseRow({ purchase, onOpen }: { purchase: PurchaseView; onOpen: () => void }) {
  const status = purchaseStatusLooks[purchase.status];
  return (
    <UnstyledButton className={classes.purchaseRow} onClick={onOpen} data-testid="purchase-row" aria-haspopup="dialog">
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text fw={600} fz="sm" truncate>
          {purchase.productName}
        </Text>
        <Text fw={700} fz="sm" style={{ flex: 'none' }}>
          {formatPrice(purchase.price)}
        </Text>
      </Group>
      <Group justify="space-between" wrap="nowrap" gap="sm" mt={2}>
        <Text fz="xs" c="dimmed" truncate>
          {/* The row is the button (its receipt has the full date): the date is not a second stop for the keyboard. */}
          <RelativeTime value={purchase.createdAt} span inherit focusable={false} /> · {purchaseCreditsLabel(purchase)}
        </Text>
        <Group gap={4} wrap="nowrap" style={{ flex: 'none' }}>
          {purchase.isSandbox && (
            <Badge size="xs" variant="outline" color="gray">
              Sandbox
            </Badge>
          )}
          <Badge size="xs" variant="light" color={status.color} data-testid="purchase-status">
            {status.label}
          </Badge>
        </Group>
      </Group>
    </UnstyledButton>
  );
}
