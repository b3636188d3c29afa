import type { AdminReportView } from '@doppel/validation';
import { Badge } from '@mantine/core';

export function ReportStatusBadge({ status }: { status: AdminReportView['status'] }) {
  return (
    <Badge color={status === 'OPEN' ? 'orange' : 'gray'} variant="light" data-testid="report-status">
      {status === 'OPEN' ? 'Open' : 'Closed'}
    </Badge>
  );
}

export function HiddenTwinBadge({ hiddenFromFansAt }: { hiddenFromFansAt: string | null }) {
  if (!hiddenFromFansAt) return null;
  return (
    <Badge color="red" variant="light" data-testid="twin-hidden">
      Hidden from fans
    </Badge>
  );
}
