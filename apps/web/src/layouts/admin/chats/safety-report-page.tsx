import { Alert, Button, Table, Text } from '@mantine/core';
import { IconFileDownload, IconLifebuoy } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { LoadingPanel } from '../../../components/loading-panel.tsx';
import { AdminPage, AdminPageHeader } from '../../../kit/admin-page.tsx';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { downloadTextFile } from '../../talent/earnings/download-file.ts';

/**
 * /chats/safety-report: how many times fans were referred to crisis services, per month (UTC),
 * counts only, never a message (docs/safety.md). Export CSV gives the file the yearly SB 243 report
 * is made from. Live: a new referral updates the table.
 */
export function SafetyReportPage() {
  const utils = trpc.useUtils();
  const report = trpc.admin.safety.report.useQuery();
  useAdminLive(['crisis_referrals'], () => void utils.admin.safety.report.invalidate());
  const [exporting, setExporting] = useState(false);
  const [exportError, setExportError] = useState<unknown>(null);

  const exportCsv = async () => {
    setExporting(true);
    setExportError(null);
    try {
      const file = await utils.admin.safety.reportCsv.fetch(undefined, { staleTime: 0 });
      downloadTextFile(file.filename, file.csv);
    } catch (error) {
      setExportError(error);
    } finally {
      setExporting(false);
    }
  };

  return (
    <AdminPage>
      <AdminPageHeader
        title="Safety report"
        backTo="/chats"
        description="Crisis referrals per month: every safety reply a fan got instead of the twin. Counts only, no message text."
        actions={
          <Button
            leftSection={<IconFileDownload size={18} />}
            variant="default"
            loading={exporting}
            disabled={!report.data || report.data.months.length === 0}
            onClick={() => void exportCsv()}
          >
            Export CSV
          </Button>
        }
      />
      {exportError !== null && <ErrorAlert error={exportError} title="Could not export the report" />}
      {report.isError ? (
        <ErrorAlert error={report.error} onRetry={() => void report.refetch()} />
      ) : report.isPending ? (
        <LoadingPanel label="Loading the safety report…" />
      ) : report.data.months.length === 0 ? (
        <Alert variant="light" icon={<IconLifebuoy />} title="No crisis referrals yet" data-testid="safety-report-empty">
          When a fan writes about suicide or self-harm, the safety reply they get is counted here by month.
        </Alert>
      ) : (
        <Table.ScrollContainer minWidth={480}>
          <Table striped withTableBorder data-testid="safety-report-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Month</Table.Th>
                <Table.Th ta="right">Referrals</Table.Th>
                <Table.Th ta="right">Detected</Table.Th>
                <Table.Th ta="right">While paused</Table.Th>
                <Table.Th ta="right">Chats</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {report.data.months.map((row) => (
                <Table.Tr key={row.month} data-month={row.month}>
                  <Table.Td>{monthLabel(row.month)}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {row.referrals}
                  </Table.Td>
                  <Table.Td ta="right">{row.detected}</Table.Td>
                  <Table.Td ta="right">{row.whilePaused}</Table.Td>
                  <Table.Td ta="right">{row.chats}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <Text size="xs" c="dimmed" mt="xs">
            Detected: a message spoke of suicide or self-harm. While paused: any message while the twin stayed out after repeated
            ones. Chats: distinct conversations (deleted ones are no longer counted there).
          </Text>
        </Table.ScrollContainer>
      )}
    </AdminPage>
  );
}

/** "2026-03" → "March 2026", in UTC as the server counts. */
function monthLabel(month: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  return date.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}
