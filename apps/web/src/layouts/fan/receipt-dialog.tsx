import type { PurchaseView } from '@doppel/validation';
import { Badge, Button, Group, Modal, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { formatDateTime } from '../../components/format-date.ts';
import { formatPrice } from '../../components/money.ts';
import classes from './fan-chat.module.css';
import { providerLabel, purchaseCreditsLabel, purchaseStatusLooks } from './purchase-format.ts';

/**
 * One purchase's receipt. Print puts a copy straight under <body> for the time of printing, and the
 * print style leaves only that copy on paper (the dialog itself scrolls and clips).
 */
export function ReceiptDialog({ purchase, onClose }: { purchase: PurchaseView | null; onClose: () => void }) {
  const [printing, setPrinting] = useState(false);
  useEffect(() => {
    if (!printing) return;
    // The copy is in the document by now (a plain portal renders in the same commit); print blocks.
    window.print();
    setPrinting(false);
  }, [printing]);

  return (
    <Modal opened={purchase !== null} onClose={onClose} title="Receipt" centered size="sm" radius="lg">
      {purchase && (
        <div data-testid="receipt">
          <Receipt purchase={purchase} />
        </div>
      )}
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={onClose}>
          Close
        </Button>
        <Button leftSection={<IconPrinter size={16} />} onClick={() => setPrinting(true)}>
          Print
        </Button>
      </Group>
      {printing &&
        purchase &&
        createPortal(
          <div className={classes.printOnly} aria-hidden="true">
            <Receipt purchase={purchase} printed />
          </div>,
          document.body,
        )}
    </Modal>
  );
}

/** `printed`: on paper the dialog's title is missing, so the receipt names itself. */
function Receipt({ purchase, printed = false }: { purchase: PurchaseView; printed?: boolean }) {
  const refunded = purchase.refundedAmount > 0 ? { ...purchase.price, amount: purchase.refundedAmount } : null;
  return (
    <div>
      <Group justify="space-between" mb="sm">
        <Text fw={800} fz="lg">
          {printed ? 'Doppel · Receipt' : 'Doppel'}
        </Text>
        {purchase.isSandbox && (
          <Badge size="sm" variant="outline" color="gray">
            Sandbox
          </Badge>
        )}
      </Group>
      <dl className={classes.receiptList}>
        <ReceiptLine label="Date">{formatDateTime(purchase.createdAt)}</ReceiptLine>
        <ReceiptLine label="Product">{purchase.productName}</ReceiptLine>
        {purchase.talent && <ReceiptLine label="Twin">{purchase.talent.name}</ReceiptLine>}
        <ReceiptLine label="Amount">{formatPrice(purchase.price)}</ReceiptLine>
        {refunded && <ReceiptLine label="Refunded">{formatPrice(refunded)}</ReceiptLine>}
        <ReceiptLine label="Credits">{purchaseCreditsLabel(purchase)}</ReceiptLine>
        <ReceiptLine label="Reference">{purchase.reference ?? purchase.id}</ReceiptLine>
        <ReceiptLine label="Provider">{providerLabel(purchase.provider)}</ReceiptLine>
        <ReceiptLine label="Status">{purchaseStatusLooks[purchase.status].label}</ReceiptLine>
      </dl>
      {purchase.isSandbox && (
        <Text fz="xs" c="dimmed" mt="sm">
          Sandbox purchase: no real money moved.
        </Text>
      )}
    </div>
  );
}

function ReceiptLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={classes.receiptLine}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
