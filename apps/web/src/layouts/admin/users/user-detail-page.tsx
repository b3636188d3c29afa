import type { AdminUserDetail } from '@doppel/validation';
import { Anchor, Avatar, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { formatDateTime } from '../../../components/format-date.ts';
import { AdminPage, AdminPageHeader } from '../../../kit/admin-page.tsx';
import { DetailLoadState } from '../../../kit/detail-load-state.tsx';
import { HistoryCard } from '../../../kit/history-card.tsx';
import { RecordLink } from '../../../kit/record-link.tsx';
import { useAdminLive } from '../../../kit/use-admin-live.ts';
import { pictureSrc } from '../../../media/media-url.ts';
import { trpc } from '../../../trpc/trpc.ts';
import { RoleBadge, UserStatusBadge } from './user-badges.tsx';
import { UserEditForm } from './user-edit-form.tsx';
import { userEmailLabel, userEntities, userTitle } from './user-format.ts';

const platformLabels = { INSTAGRAM: 'Instagram', TIKTOK: 'TikTok', X: 'X' } as const;

/** /users/:userId: basic data, test groups, managed talents, waitlist, credits, and the editor (docs/product-rules.md#admin-back-office). */
export function UserDetailPage() {
  const { userId = '' } = useParams();
  const utils = trpc.useUtils();
  const query = trpc.admin.users.get.useQuery({ userId });
  useAdminLive(userEntities, () => void utils.admin.users.get.invalidate({ userId }));

  if (!query.data) return <DetailLoadState query={query} noun="User" backTo="/users" skeletonHeights={[160, 240]} />;
  const user = query.data;
  return (
    <AdminPage>
      <AdminPageHeader
        title={userTitle(user)}
        backTo="/users"
        description={
          <Group gap="xs" mt={4}>
            <RoleBadge role={user.role} />
            <UserStatusBadge status={user.status} />
            <RecordLink table="users" id={user.id} />
          </Group>
        }
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <DetailCard title="Basic">
          <Field label="ID" testId="user-id" value={user.id} />
          <Field label="Name" testId="user-detail-name" value={user.name.trim() || '—'} />
          <Field label="Email" testId="user-detail-email" value={userEmailLabel(user)} />
          <Field label="Anonymous" testId="user-anonymous" value={user.isAnonymous ? 'Yes' : 'No'} />
          <Field label="Created" testId="user-detail-created-at" value={formatDateTime(user.createdAt)} />
          <Field
            label="Last active"
            testId="user-last-active"
            value={user.lastActiveAt ? formatDateTime(user.lastActiveAt) : 'Never'}
          />
        </DetailCard>
        <Stack gap="md">
          <DetailCard title="Credits">
            <Field label="Free credits" testId="user-detail-credits" value={String(user.credits)} />
            <Field label="Paid credits" testId="user-detail-paid-credits" value={String(user.paidCredits)} />
          </DetailCard>
          <DetailCard title="Waitlist">
            <Field label="Status" testId="user-waitlist-status" value={<UserStatusBadge status={user.status} />} />
            <Field
              label="Platform"
              testId="user-waitlist-platform"
              value={user.waitlistPlatform ? platformLabels[user.waitlistPlatform] : '—'}
            />
            <Field label="Instagram" testId="user-instagram" value={handle(user.instagram)} />
            <Field label="TikTok" testId="user-tiktok" value={handle(user.tiktok)} />
            <Field label="X" testId="user-x" value={handle(user.x)} />
          </DetailCard>
        </Stack>
        <ManagedTalents user={user} />
        <TestGroups record={user.testGroupRecord} />
      </SimpleGrid>
      <UserEditForm user={user} />
      <HistoryCard entity="user" entityId={user.id} />
    </AdminPage>
  );
}

const handle = (value: string | null) => (value ? `@${value}` : '—');

function DetailCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" component="section" aria-label={title}>
      <Title order={4} mb="sm">
        {title}
      </Title>
      <Stack gap={6}>{children}</Stack>
    </Paper>
  );
}

function Field({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" style={{ flex: 'none' }}>
        {label}
      </Text>
      <Text size="sm" component="div" ta="right" data-testid={testId} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}

function ManagedTalents({ user }: { user: AdminUserDetail }) {
  return (
    <DetailCard title="Talents">
      {user.managedTalents.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="user-talents-empty">
          Manages no talent
        </Text>
      ) : (
        user.managedTalents.map((talent) => (
          <Anchor
            key={talent.id}
            component={Link}
            to={`/talents/${talent.id}`}
            data-testid="user-talent-link"
            style={{ display: 'block' }}
          >
            <Group gap="xs" wrap="nowrap">
              <Avatar src={pictureSrc(talent.profilePictureUrl)} name={talent.name} color="initials" radius="xl" size="sm" />
              <Text size="sm" truncate>
                {talent.name}
                {talent.tag && (
                  <Text span c="dimmed" size="sm">
                    {' '}
                    @{talent.tag}
                  </Text>
                )}
              </Text>
            </Group>
          </Anchor>
        ))
      )}
    </DetailCard>
  );
}

function TestGroups({ record }: { record: Record<string, string> }) {
  const entries = Object.entries(record).sort(([a], [b]) => a.localeCompare(b));
  return (
    <DetailCard title="Test groups">
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="user-test-groups-empty">
          No test groups
        </Text>
      ) : (
        entries.map(([key, value]) => <Field key={key} label={key} testId={`user-test-group-${key}`} value={value} />)
      )}
    </DetailCard>
  );
}
