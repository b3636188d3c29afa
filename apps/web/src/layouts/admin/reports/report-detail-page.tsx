import {
  type AdminReportDetail,
  adminReportCloseInput,
  adminReportCloseNoteMax,
  twinReportReasonLabels,
} from '@doppel/validation';
import { Alert, Anchor, Button, Group, Paper, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { schemaResolver, useForm } from '@mantine/form';
import { Link, useParams } from 'react-router-dom';
import { formatDateTime } from '../../../components/format-date.ts';
import { notifySuccess } from '../../../components/notify-success.ts';
import { handleError } from '../../../errors/handle-error.ts';
import { AdminPage, AdminPageHeader } from '../../../kit/admin-page.tsx';
import { ConfirmButton } from '../../../kit/confirm-button.tsx';
import { DetailLoadState } from '../../../kit/detail-load-state.tsx';
import { HistoryCard } from '../../../kit/history-card.tsx';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { useServerForm } from '../../../kit/use-server-form.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { DetailCard, Field } from '../payments/payment-fields.tsx';
import { HiddenTwinBadge, ReportStatusBadge } from './report-badges.tsx';
import { reportEntities } from './report-format.ts';

/** /reports/:reportId: the report, its twin (hide it from fans or show it again) and closing it with a note. */
export function ReportDetailPage() {
  const { reportId = '' } = useParams();
  const utils = trpc.useUtils();
  const query = trpc.admin.reports.get.useQuery({ reportId });
  useAdminLive(reportEntities, () => void utils.admin.reports.get.invalidate({ reportId }));

  if (!query.data) return <DetailLoadState query={query} noun="Report" backTo="/reports" />;
  const report = query.data;
  return (
    <AdminPage>
      <AdminPageHeader
        title={`${twinReportReasonLabels[report.reason]} report`}
        backTo="/reports"
        description={
          <Group gap="xs" mt={6} wrap="wrap">
            <ReportStatusBadge status={report.status} />
            <HiddenTwinBadge hiddenFromFansAt={report.talent.hiddenFromFansAt} />
          </Group>
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Stack gap="md">
          <DetailCard title="Report">
            <Field label="Received" testId="report-created" value={formatDateTime(report.createdAt)} />
            <Field label="Reporter" testId="report-email" value={report.reporterEmail} />
            <Field
              label="Twin"
              testId="report-twin"
              value={
                <Anchor component={Link} to={`/talents/${encodeURIComponent(report.talent.id)}`} size="sm" fw={600}>
                  {report.talent.name}
                  {report.talent.tag ? ` @${report.talent.tag}` : ''}
                </Anchor>
              }
            />
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="report-description">
              {report.description}
            </Text>
          </DetailCard>
          <HideTwinCard report={report} />
        </Stack>
        {report.status === 'OPEN' ? <CloseReportForm report={report} /> : <ClosedCard report={report} />}
      </SimpleGrid>
      <HistoryCard entity="report" entityId={report.id} />
    </AdminPage>
  );
}

function HideTwinCard({ report }: { report: AdminReportDetail }) {
  const utils = trpc.useUtils();
  const hide = trpc.admin.reports.hide.useMutation({
    onSuccess: (saved) => {
      utils.admin.reports.get.setData({ reportId: report.id }, saved);
      notifySuccess(saved.talent.hiddenFromFansAt ? 'The twin is hidden from fans.' : 'Fans can see the twin again.');
    },
    onError: (error) => handleError(error),
  });
  const hidden = report.talent.hiddenFromFansAt !== null;
  return (
    <DetailCard title="Twin visibility">
      <Text size="sm" c="dimmed">
        {hidden
          ? `Hidden from fans since ${formatDateTime(report.talent.hiddenFromFansAt ?? '')}: discover leaves it out and its chat tells fans it is under review. Its creator still sees it.`
          : 'Fans can find and chat with this twin.'}
      </Text>
      <Group>
        {hidden ? (
          <Button variant="default" loading={hide.isPending} onClick={() => hide.mutate({ reportId: report.id, hidden: false })}>
            Show to fans again
          </Button>
        ) : (
          <ConfirmButton
            title="Hide this twin from fans?"
            message="Fans will not find it on discover, and its chat will tell them it is unavailable while we review a report."
            confirmLabel="Hide twin"
            loading={hide.isPending}
            onConfirm={() => hide.mutate({ reportId: report.id, hidden: true })}
            color="red"
          >
            Hide from fans
          </ConfirmButton>
        )}
      </Group>
    </DetailCard>
  );
}

function CloseReportForm({ report }: { report: AdminReportDetail }) {
  const utils = trpc.useUtils();
  const close = trpc.admin.reports.close.useMutation();
  const form = useForm({
    mode: 'controlled',
    initialValues: { reportId: report.id, note: '' },
    validate: schemaResolver(adminReportCloseInput, { sync: true }),
  });
  const { onSubmit, saving, error } = useServerForm(form, (values) => close.mutateAsync(values), {
    savedMessage: 'Report closed. The reporter has been emailed.',
    onSaved: (result) => utils.admin.reports.get.setData({ reportId: report.id }, result.report),
  });
  return (
    <Paper withBorder p="md" radius="md" component="form" onSubmit={onSubmit} aria-label="Close report" noValidate>
      <Stack gap="sm">
        <Title order={3} size="h4">
          Close report
        </Title>
        <Textarea
          label="Note to the reporter"
          description="Emailed to the reporter: what you found and what you did."
          autosize
          minRows={3}
          maxLength={adminReportCloseNoteMax}
          {...form.getInputProps('note')}
        />
        {error && (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button type="submit" loading={saving}>
            Close report
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

function ClosedCard({ report }: { report: AdminReportDetail }) {
  return (
    <DetailCard title="Closed">
      <Field label="Closed" testId="report-closed-at" value={report.closedAt ? formatDateTime(report.closedAt) : '—'} />
      <Field label="By" testId="report-closed-by" value={report.closedBy ?? '—'} />
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-testid="report-note">
        {report.closingNote}
      </Text>
    </DetailCard>
  );
}
