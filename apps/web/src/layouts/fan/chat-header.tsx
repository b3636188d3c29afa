import { formatDayInZone, viewerTimeZone } from '@doppel/validation';
import { Anchor, Avatar, Badge, Box, Group, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import { HoverTooltip } from '../../kit/hover-tooltip.tsx';
import { pictureSrc } from '../../media/media-url.ts';
import classes from './fan-chat.module.css';
import { type Balance, balanceDescription, totalCredits } from './price-label.ts';

type ChatHeaderProps = {
  name: string;
  tag: string;
  pictureUrl: string | null;
  balance: Balance;
  /** Where "Sign in" leads; absent for a signed-in fan. */
  signInPath?: string;
  onSignIn?: (event: MouseEvent<HTMLElement>) => void;
  /** Opens the credits sheet (signed-in fans). */
  onGetCredits?: () => void;
  /** Until when the fan's subscription to this twin is paid (ISO), while it is active. */
  subscribedUntil?: string | null;
  /** The chat's menu (notifications), at the far end; absent when it would offer nothing. */
  menu?: React.ReactNode;
  /** The creator's own chat with their twin: free, so a note stands where the balance would. */
  testChat?: boolean;
};

/**
 * The twin's picture and name, and the fan's credits (free and paid), always in view. The balance
 * opens the credits sheet; an anonymous fan's leads to signing in (an account comes before buying).
 */
export function ChatHeader({
  name,
  tag,
  pictureUrl,
  balance,
  signInPath,
  onSignIn,
  onGetCredits,
  subscribedUntil,
  menu,
  testChat = false,
}: ChatHeaderProps) {
  const description = balanceDescription(balance);
  const pill = (
    <>
      <IconCoins size={18} aria-hidden="true" />
      <span data-testid="credit-balance-total">{totalCredits(balance)}</span>
    </>
  );
  let balanceControl: React.ReactElement<object>;
  if (testChat) {
    balanceControl = (
      <span className={classes.balance} role="status" data-testid="test-chat-note">
        Test chat: free for you
      </span>
    );
  } else if (onGetCredits) {
    balanceControl = (
      <UnstyledButton
        className={classes.balance}
        onClick={onGetCredits}
        aria-label={`Balance: ${description}, get credits`}
        aria-haspopup="dialog"
        data-testid="credit-balance"
      >
        {pill}
      </UnstyledButton>
    );
  } else if (signInPath) {
    balanceControl = (
      <Link
        to={signInPath}
        onClick={onSignIn}
        className={classes.balance}
        aria-label={`Balance: ${description}, sign in to get credits`}
        data-testid="credit-balance"
      >
        {pill}
      </Link>
    );
  } else {
    balanceControl = (
      <span className={classes.balance} role="status" aria-label={`Balance: ${description}`} data-testid="credit-balance">
        {pill}
      </span>
    );
  }

  return (
    <Box component="header" className={classes.header}>
      <Box pos="relative" style={{ flex: 'none' }}>
        <Avatar src={pictureSrc(pictureUrl)} name={name} color="initials" size={42} radius="xl" alt="" />
        <span className={classes.onlineDot} aria-hidden="true" />
      </Box>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Text component="h1" fw={700} fz="md" lh={1.25} truncate>
          {name}
        </Text>
        <Group gap={6} wrap="nowrap">
          <Text fz="xs" c="dimmed" lh={1.3} truncate>
            AI twin · @{tag}
          </Text>
          {subscribedUntil && (
            <HoverTooltip label={`Subscribed until ${formatDayInZone(subscribedUntil, viewerTimeZone())}`} withArrow>
              <Badge size="xs" variant="gradient" style={{ flex: 'none' }} data-testid="subscribed-badge">
                VIP
                <VisuallyHidden>: subscribed until {formatDayInZone(subscribedUntil, viewerTimeZone())}</VisuallyHidden>
              </Badge>
            </HoverTooltip>
          )}
        </Group>
      </Box>
      {signInPath && (
        <Anchor component={Link} to={signInPath} onClick={onSignIn} fz="sm" fw={600} style={{ flex: 'none' }}>
          Sign in
        </Anchor>
      )}
      <HoverTooltip label={description} withArrow position="bottom-end">
        {balanceControl}
      </HoverTooltip>
      {menu}
    </Box>
  );
}
