import type { EarningBreakdown } from '@doppel/validation';
import { formatMicroUsdCents } from '@doppel/validation';
import { Table, Text } from '@mantine/core';
import { breakdownRows } from './earnings-format.ts';

/** A month's earnings by source, gross and net (docs/product-rules.md#earnings-and-withdrawal), with refunds and disputes when any. */
export function BreakdownTable({ monthId, breakdown }: { monthId: string; breakdown: EarningBreakdown }) {
  return (
    <Table verticalSpacing={6} horizontalSpacing="xs" aria-label="Breakdown" data-testid={`breakdown-${monthId}`}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Source</Table.Th>
          <Table.Th ta="right">Gross</Table.Th>
          <Table.Th ta="right">Net</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {breakdownRows(breakdown).map((row) => {
          const taken = row.source === 'reversal';
          return (
            <Table.Tr key={row.source} data-testid={`breakdown-${row.source}`}>
              <Table.Td>
                <Text size="sm" c={taken ? 'red.8' : undefined}>
                  {row.label}
                </Text>
              </Table.Td>
              <Table.Td ta="right" data-testid="breakdown-gross">
                <Text size="sm" c={taken ? 'red.8' : 'dimmed'} style={{ whiteSpace: 'nowrap' }}>
                  {formatMicroUsdCents(row.grossMicroUsd)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" data-testid="breakdown-net">
                <Text size="sm" fw={600} c={taken ? 'red.8' : undefined} style={{ whiteSpace: 'nowrap' }}>
                  {formatMicroUsdCents(row.netMicroUsd)}
                </Text>
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
