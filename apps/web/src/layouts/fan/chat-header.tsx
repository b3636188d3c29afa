import { Anchor, Avatar, Box, Text, Tooltip } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
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
  onSignIn?: () => void;
};

/** The twin's picture and name, and the fan's credits (free and paid), always in view. */
export function ChatHeader({ name, tag, pictureUrl, balance, signInPath, onSignIn }: ChatHeaderProps) {
  const description = balanceDescription(balance);
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
        <Text fz="xs" c="dimmed" lh={1.3} truncate>
          AI twin · @{tag}
        </Text>
      </Box>
      {signInPath && (
        <Anchor component={Link} to={signInPath} onClick={onSignIn} fz="sm" fw={600} style={{ flex: 'none' }}>
          Sign in
        </Anchor>
      )}
      <Tooltip label={description} withArrow position="bottom-end">
        <span className={classes.balance} role="status" aria-label={`Balance: ${description}`} data-testid="credit-balance">
          <IconCoins size={18} aria-hidden="true" />
          <span data-testid="credit-balance-total">{totalCredits(balance)}</span>
        </span>
      </Tooltip>
    </Box>
  );
}
