import { formatCents, formatCount } from '@doppel/validation';
import { Alert, Avatar, Button, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowRight,
  IconBulb,
  IconMessageCheck,
  IconSettings,
  IconUserPlus,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ErrorAlert } from '../../../components/error-alert.tsx';
import { trpc } from '../../../trpc/trpc.ts';
import { CopyField } from '../copy-field.tsx';
import { useCorrectionsSummary } from '../drafts/use-approval-live.ts';
import { useTalentContext, useTalentLive } from '../talent-context.ts';
import { ChatWithYourAi } from './chat-with-your-ai.tsx';
import { greeting, greetingName } from './greeting.ts';
import { HomeToday } from './home-today.tsx';
import { PowerUpCard } from './power-up-card.tsx';
import { QuickLink } from './quick-link.tsx';
import { TwinQualityCard } from './twin-quality-card.tsx';

/** Replies held for approval, when any: fans are waiting, so it comes first. */
function HeldRepliesNotice({ talentId }: { talentId: string }) {
  const pending = useCorrectionsSummary(talentId).data?.pendingDrafts ?? 0;
  if (pending === 0) return null;
  return (
    <Alert color="violet" radius="lg" icon={<IconMessageCheck size={20} />} data-testid="held-replies-notice">
      <Group justify="space-between" gap="xs">
        <Text size="sm" fw={600}>
          {pending === 1 ? '1 reply is waiting for your approval' : `${pending} replies are waiting for your approval`}
        </Text>
        <Button component={Link} to="/drafts" size="xs" color="violet" rightSection={<IconArrowRight size={14} />}>
          Review
        </Button>
      </Group>
    </Alert>
  );
}

/**
 * Dashboard home (docs/product-rules.md#creator-dashboard), a triage: what waits on the creator first (replies to approve, the next
 * setup task while any remain, today's earnings, unanswered questions, recent conversations), then
 * the share link, earnings, engagement and quick links; a finished setup shrinks to one line.
 */
export function TalentHome() {
  const { me, talentId } = useTalentContext();
  const utils = trpc.useUtils();
  const home = trpc.talent.dashboard.home.useQuery({ talentId });
  const talent = trpc.talent.get.useQuery({ talentId });
  useTalentLive(talentId, () => {
    void utils.talent.dashboard.home.invalidate({ talentId });
    void utils.talent.get.invalidate({ talentId });
  });

  const twin = talent.data;
  const name = greetingName(me, twin?.name);
  const setupDone = home.data?.progress.nextTask === 'COMPLETE';
  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap">
        <Avatar
          src={twin?.profilePictureUrl}
          alt={twin?.name ?? me.name}
          name={twin?.name ?? me.name}
          color="initials"
          size={56}
          radius="xl"
        />
        <div style={{ minWidth: 0 }}>
          <Title order={2} fz={{ base: 22, sm: 28 }} lh={1.2}>
            Your dashboard
          </Title>
          <Text c="dimmed" size="sm" truncate data-testid="greeting">
            {home.data ? greeting(name, home.data.engagement.users === 0 && home.data.earnings.totalNetCents === 0) : '\u00a0'}
          </Text>
        </div>
      </Group>

      <HeldRepliesNotice talentId={talentId} />

      {home.isError ? (
        <ErrorAlert error={home.error} onRetry={() => void home.refetch()} />
      ) : !home.data ? (
        <HomeSkeleton />
      ) : (
        <>
          {!setupDone && (
            <PowerUpCard done={home.data.progress.done} total={home.data.progress.total} nextTask={home.data.progress.nextTask} />
          )}

          <HomeToday talentId={talentId} todayNetCents={home.data.earnings.todayNetCents} />

          <Card withBorder radius="lg" padding="lg">
            <Text fw={700} mb={4}>
              Share your AI twin
            </Text>
            <Text size="sm" c="dimmed" mb="sm">
              Fans chat with {twin ? `${twin.name}, your twin,` : 'your twin'} at this link.
            </Text>
            <CopyField value={home.data.shareUrl} label="Share link" />
          </Card>

          <Card withBorder radius="lg" padding="lg">
            <Group justify="space-between" gap="xs" mb="sm">
              <Text fw={700}>Earnings</Text>
              <Button component={Link} to="/earnings" size="xs" variant="light" rightSection={<IconArrowRight size={14} />}>
                View earnings
              </Button>
            </Group>
            <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
              <Stat label="Total net" value={formatCents(home.data.earnings.totalNetCents)} testId="earnings-total" />
              <Stat label="This month" value={formatCents(home.data.earnings.thisMonthNetCents)} testId="earnings-month" />
              <Stat label="Disbursable" value={formatCents(home.data.earnings.disbursableCents)} testId="earnings-disbursable" />
            </SimpleGrid>
          </Card>

          <TwinQualityCard talentId={talentId} />

          <SimpleGrid cols={2} spacing="sm">
            <EngagementStat icon={<IconUsers size={20} />} label="Users" value={home.data.engagement.users} />
            <EngagementStat icon={<IconUsersGroup size={20} />} label="Paying users" value={home.data.engagement.payingUsers} />
          </SimpleGrid>

          {setupDone && (
            <PowerUpCard done={home.data.progress.done} total={home.data.progress.total} nextTask={home.data.progress.nextTask} />
          )}
        </>
      )}

      <Stack gap="xs">
        <Text fw={700}>Quick links</Text>
        <ChatWithYourAi talentId={talentId} tag={twin?.tag ?? null} />
        <QuickLink
          to="/settings"
          icon={<IconSettings size={20} />}
          label="Settings"
          description="Profile, gallery, voice, prices"
        />
        <QuickLink to="/referrals" icon={<IconUserPlus size={20} />} label="Referrals" description="Invite creators and earn" />
        <QuickLink to="/feedback" icon={<IconBulb size={20} />} label="Feedback" description="Request features and vote" />
      </Stack>
    </Stack>
  );
}

function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper radius="md" p="sm" bg="var(--mantine-color-gray-0)">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={800} fz="xl" data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

function EngagementStat({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <Card withBorder radius="lg" padding="md">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon variant="light" radius="xl" size="lg">
          {icon}
        </ThemeIcon>
        <div>
          <Text fw={800} fz="xl" lh={1.1} aria-label={label}>
            {formatCount(value)}
          </Text>
          <Text size="xs" c="dimmed">
            {label}
          </Text>
        </div>
      </Group>
    </Card>
  );
}

function HomeSkeleton() {
  return (
    <Stack gap="lg" role="status" aria-label="Loading">
      <Skeleton height={140} radius="lg" />
      <Skeleton height={110} radius="lg" />
      <Skeleton height={120} radius="lg" />
    </Stack>
  );
}
