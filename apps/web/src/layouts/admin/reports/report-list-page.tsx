import { type AdminReportFilter, type AdminReportView, adminReportFilters, twinReportReasonLabels } from '@doppel/validation';
import { Card, Flex, Group, SegmentedControl, Stack, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { AdminList } from '../../../kit/admin-list.tsx';
import { AdminPage, AdminPageHeader } from '../../../kit/admin-page.tsx';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { useListParams } from '../../../kit/use-list-params.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { HiddenTwinBadge, ReportStatusBadge } from './report-badges.tsx';
import { reportEntities, reportFilterLabels, reportListParams, reportPath } from './report-format.ts';

const emptyText: Record<AdminReportFilter, string> = {
  OPEN: 'No open reports. Nothing to review.',
  CLOSED: 'No report has been closed yet.',
  all: 'No one has reported a twin yet.',
};

/** /reports: reports about twins from the public form, newest first, open ones by default, live. */
export function ReportListPage() {
  const { values, set, search } = useListParams(reportListParams);
  const { status } = values;
  const utils = trpc.useUtils();
  const query = trpc.admin.reports.list.useInfiniteQuery(
    { status },
    { getNextPageParam: (page) => page.nextCursor ?? undefined, staleTime: 30_000 },
  );
  useAdminLive(reportEntities, () => void utils.admin.reports.list.invalidate(), 500);

  return (
    <AdminPage>
      <AdminPageHeader title="Reports" description="Twins reported for impersonation or harmful content, newest first.">
        <SegmentedControl
          aria-label="Status"
          fullWidth
          maw={360}
          value={status}
          onChange={(value) => set({ status: value as AdminReportFilter })}
          data={adminReportFilters.map((option) => ({ value: option, label: reportFilterLabels[option] }))}
        />
      </AdminPageHeader>
      <AdminList query={query} label="Reports" empty={emptyText[status]}>
        {(items) => items.map((item) => <ReportRow key={item.id} item={item} search={search} />)}
      </AdminList>
    </AdminPage>
  );
}

function ReportRow({ item, search }: { item: AdminReportView; search: string }) {
  const reason = twinReportReasonLabels[item.reason];
  return (
    <Card
      component={Link}
      to={reportPath(item.id)}
      state={{ listSearch: search }}
      padding="md"
      radius="md"
      withBorder
      data-testid="report-row"
      data-id={item.id}
      aria-label={`${reason} report about ${item.talent.name}`}
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      <Flex direction={{ base: 'column', sm: 'row' }} justify="space-between" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
          <Group gap="xs" wrap="wrap">
            <Text fw={600} size="sm">
              {reason}
            </Text>
            <ReportStatusBadge status={item.status} />
            <HiddenTwinBadge hiddenFromFansAt={item.talent.hiddenFromFansAt} />
          </Group>
          <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {item.description}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-start" style={{ flex: 'none' }} maw={{ sm: 260 }}>
          <Text size="sm" fw={600} truncate>
            {item.talent.name}
            {item.talent.tag && (
              <Text span c="dimmed" size="sm">
                {' '}
                @{item.talent.tag}
              </Text>
            )}
          </Text>
          <Text size="xs" truncate>
            from {item.reporterEmail}
          </Text>
          <RelativeTime value={item.createdAt} size="xs" c="dimmed" focusable={false} />
        </Stack>
      </Flex>
    </Card>
  );
}
