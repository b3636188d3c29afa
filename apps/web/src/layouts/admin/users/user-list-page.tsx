import type { AdminUserFilter, AdminUserRow } from '@doppel/validation';
import { adminUserSearchMax } from '@doppel/validation';
import { Anchor, Group, Select, Stack, Text } from '@mantine/core';
import type { DataTableColumn } from 'mantine-datatable';
import { Link } from 'react-router-dom';
import { RelativeTime } from '../../../components/relative-time.tsx';
import { AdminList } from '../../../kit/admin-list.tsx';
import { AdminPage, AdminPageHeader } from '../../../kit/admin-page.tsx';
import { AdminTable } from '../../../kit/admin-table.tsx';
import { ListSearch } from '../../../kit/list-search.tsx';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { useListParams } from '../../../kit/use-list-params.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { RoleBadge, UserStatusBadge } from './user-badges.tsx';
import { userEmailLabel, userEntities, userFilterLabels, userFilterOptions, userListParams } from './user-format.ts';

const columns: DataTableColumn<AdminUserRow>[] = [
  {
    accessor: 'name',
    title: 'User',
    render: (user) => (
      <Stack gap={0} miw={160}>
        {/* A real link for keyboards and screen readers; the row's own click does the same. */}
        <Anchor
          component={Link}
          to={`/users/${user.id}`}
          size="sm"
          fw={600}
          data-testid="user-name"
          onClick={(event) => event.stopPropagation()}
        >
          {user.name.trim() || 'No name'}
        </Anchor>
        <Text size="xs" c="dimmed" data-testid="user-email">
          {userEmailLabel(user)}
        </Text>
      </Stack>
    ),
  },
  {
    accessor: 'status',
    title: 'Status',
    noWrap: true,
    render: (user) => (
      <Group gap={4} wrap="nowrap" style={{ minWidth: 'max-content' }}>
        <RoleBadge role={user.role} />
        <UserStatusBadge status={user.status} />
      </Group>
    ),
  },
  {
    accessor: 'credits',
    title: 'Credits',
    textAlign: 'right',
    render: (user) => (
      <Stack gap={0} align="flex-end" style={{ minWidth: 'max-content' }}>
        <Text size="sm" data-testid="user-credits">
          {user.credits}
        </Text>
        <Text size="xs" c="dimmed" data-testid="user-paid-credits" style={{ whiteSpace: 'nowrap' }}>
          {user.paidCredits} paid
        </Text>
      </Stack>
    ),
  },
  {
    accessor: 'createdAt',
    title: 'Created',
    render: (user) => (
      <RelativeTime value={user.createdAt} size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }} data-testid="user-created-at" />
    ),
  },
];

/** /users: accounts for one filter (default "Waitlist - Pending"), searchable by email, 50 at a time (docs/product-rules.md#admin-back-office). */
export function UserListPage() {
  const { values, set } = useListParams(userListParams);
  const utils = trpc.useUtils();
  const query = trpc.admin.users.list.useInfiniteQuery(
    { filter: values.filter, search: values.q },
    { getNextPageParam: (page) => page.nextCursor ?? undefined, placeholderData: (previous) => previous },
  );
  useAdminLive(userEntities, () => void utils.admin.users.list.invalidate());

  return (
    <AdminPage>
      <AdminPageHeader title="Users" description="Accounts, waitlist decisions and credits.">
        <Group align="flex-end" gap="md" wrap="wrap">
          <Select
            label="Filter"
            data={userFilterOptions}
            value={values.filter}
            onChange={(filter) => filter && set({ filter: filter as AdminUserFilter })}
            allowDeselect={false}
            checkIconPosition="right"
            style={{ flex: '1 1 200px', maxWidth: 260 }}
            comboboxProps={{ withinPortal: true }}
          />
          <ListSearch
            value={values.q}
            onChange={(q) => set({ q })}
            label="Search by email"
            placeholder="Start of the email"
            inputMode="email"
            autoCapitalize="none"
            maxLength={adminUserSearchMax}
          />
        </Group>
      </AdminPageHeader>
      <AdminList
        query={query}
        label="Users"
        empty={
          values.q
            ? `No user in “${userFilterLabels[values.filter]}” has an email starting with “${values.q}”.`
            : `No user in “${userFilterLabels[values.filter]}”.`
        }
      >
        {(users) => <AdminTable items={users} columns={columns} linkTo={(user) => `/users/${user.id}`} label="Users" />}
      </AdminList>
    </AdminPage>
  );
}
