import type { AdminPaymentDetail } from '@doppel/validation';
import { Paper, Table, Text, Title } from '@mantine/core';
import { formatDateTime } from '../../../components/format-date.ts';
import { movementEarnings, movementLabel } from './payment-format.ts';

/** "Movements": every ledger entry of the payment, oldest first (purchase, refunds, disputes, won disputes). */
export function PaymentMovements({ payment }: { payment: AdminPaymentDetail }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label="Movements">
      <Title order={3} size="h4" mb="sm">
        Movements
      </Title>
      {payment.ledger.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="payment-movements-empty">
          No movement booked yet.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table verticalSpacing="xs" striped aria-label="Movements">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Date</Table.Th>
                <Table.Th>Movement</Table.Th>
                <Table.Th>Twin earnings</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {payment.ledger.map((entry) => (
                <Table.Tr key={entry.id} data-testid="payment-movement" data-kind={entry.kind} data-reason={entry.reason ?? ''}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <Text size="sm" component="time" dateTime={entry.createdAt}>
                      {formatDateTime(entry.createdAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" data-testid="payment-movement-label">
                      {movementLabel(entry, payment.price)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed" data-testid="payment-movement-earnings">
                      {movementEarnings(entry)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}
