import { Badge, Group, Indicator, NavLink, Stack, Text, UnstyledButton } from '@mantine/core';
import {
  IconBulb,
  IconCash,
  IconHome,
  IconMessageCheck,
  IconMessages,
  IconPencilCheck,
  IconSettings,
  IconUserPlus,
  IconUsers,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { Link, useLocation } from 'react-router-dom';

/** One page of the creator's navigation. */
type TalentNavItem = {
  label: string;
  /** The bottom bar's shorter word, for the pages it holds. */
  short?: string;
  path: string;
  icon: ComponentType<{ size?: number; stroke?: number }>;
  /** Carries the count of replies waiting for approval. */
  countsHeldReplies?: boolean;
};

/** The creator's pages, the one list the side navigation and the bottom bar read (issue 26). */
export const talentNavItems: TalentNavItem[] = [
  { label: 'Home', path: '/', icon: IconHome },
  { label: 'Conversations', short: 'Chats', path: '/conversations', icon: IconMessages },
  { label: 'Replies to approve', short: 'Approve', path: '/drafts', icon: IconMessageCheck, countsHeldReplies: true },
  { label: 'Corrections', path: '/corrections', icon: IconPencilCheck },
  { label: 'Knowledge gaps', path: '/knowledge-gaps', icon: IconBulb },
  { label: 'Audience', path: '/audience', icon: IconUsers },
  { label: 'Earnings', short: 'Earnings', path: '/earnings', icon: IconCash },
  { label: 'Settings', short: 'Settings', path: '/settings', icon: IconSettings },
  { label: 'Referrals', path: '/referrals', icon: IconUserPlus },
];

/** The five a creator opens most, for the phone's bottom bar; the ⋮ menu holds the rest. */
const bottomBarPaths = ['/', '/conversations', '/drafts', '/earnings', '/settings'];

function isCurrent(item: TalentNavItem, pathname: string): boolean {
  return item.path === '/' ? pathname === '/' : pathname === item.path || pathname.startsWith(`${item.path}/`);
}

/** Desktop: every page down the side, the current one marked, replies to approve counted. */
export function TalentSideNav({ heldReplies }: { heldReplies: number }) {
  const { pathname } = useLocation();
  return (
    <Stack gap={2} component="nav" aria-label="Dashboard" data-testid="talent-side-nav">
      {talentNavItems.map((item) => (
        <NavLink
          key={item.path}
          component={Link}
          to={item.path}
          label={item.label}
          leftSection={<item.icon size={18} stroke={1.7} />}
          rightSection={
            item.countsHeldReplies && heldReplies > 0 ? (
              <Badge size="sm" color="red" variant="filled" aria-label={`${heldReplies} waiting`}>
                {heldReplies}
              </Badge>
            ) : undefined
          }
          active={isCurrent(item, pathname)}
          aria-current={isCurrent(item, pathname) ? 'page' : undefined}
          variant="light"
          style={{ borderRadius: 'var(--mantine-radius-md)' }}
        />
      ))}
    </Stack>
  );
}

/** Phone: the five most used pages along the bottom, within the thumb's reach. */
export function TalentBottomNav({ heldReplies }: { heldReplies: number }) {
  const { pathname } = useLocation();
  const items = talentNavItems.filter((item) => bottomBarPaths.includes(item.path));
  return (
    <Group component="nav" aria-label="Dashboard" grow gap={0} h="100%" px={4} wrap="nowrap" data-testid="talent-bottom-nav">
      {items.map((item) => {
        const current = isCurrent(item, pathname);
        const count = item.countsHeldReplies ? heldReplies : 0;
        return (
          <UnstyledButton
            key={item.path}
            component={Link}
            to={item.path}
            aria-label={item.label}
            aria-current={current ? 'page' : undefined}
            py={6}
            style={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, minWidth: 0 }}
            c={current ? 'doppel.7' : 'dimmed'}
          >
            <Indicator label={count} size={16} color="red" disabled={count === 0} offset={2}>
              <item.icon size={24} stroke={current ? 2.2 : 1.7} />
            </Indicator>
            <Text size="xs" fw={current ? 700 : 500} truncate maw="100%">
              {item.short ?? item.label}
            </Text>
          </UnstyledButton>
        );
      })}
    </Group>
  );
}
