import type { AdminUserStatus, UserRole } from '@doppel/validation';
import { Badge } from '@mantine/core';
import { roleColors, userStatusColors, userStatusLabels } from './user-format.ts';

export function RoleBadge({ role }: { role: UserRole }) {
  return (
    <Badge style={{ flex: 'none' }} color={roleColors[role]} variant="light" size="sm" data-testid="user-role">
      {role}
    </Badge>
  );
}

/** Waitlist status, with Live / Onboarding for accepted users (docs/product-rules.md#waitlist); "No status" for none. */
export function UserStatusBadge({ status }: { status: AdminUserStatus | null }) {
  if (!status) {
    return (
      <Badge style={{ flex: 'none' }} color="gray" variant="outline" size="sm" data-testid="user-status" data-status="">
        No status
      </Badge>
    );
  }
  return (
    <Badge
      style={{ flex: 'none' }}
      color={userStatusColors[status]}
      variant="light"
      size="sm"
      data-testid="user-status"
      data-status={status}
    >
      {userStatusLabels[status]}
    </Badge>
  );
}
