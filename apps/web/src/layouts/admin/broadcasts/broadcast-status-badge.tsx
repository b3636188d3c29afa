import { type BroadcastStatus, broadcastStatusLabels } from '@doppel/validation';
import { Badge } from '@mantine/core';
import { broadcastStatusColors } from './broadcast-format.ts';

/** A broadcast's status (docs/product-rules.md#broadcasts), one colour per status, in the list, the detail and the talent's tab. */
export function BroadcastStatusBadge({ status }: { status: BroadcastStatus }) {
  return (
    <Badge
      variant="light"
      color={broadcastStatusColors[status]}
      // A table on a phone squeezes its columns; the status is read whole, never "SC…".
      style={{ flex: 'none', minWidth: 'max-content' }}
      data-testid="broadcast-status"
      data-status={status}
    >
      {broadcastStatusLabels[status]}
    </Badge>
  );
}
