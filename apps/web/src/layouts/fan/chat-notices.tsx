import { Button, Text } from '@mantine/core';
import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';
import classes from './fan-chat.module.css';
import { type Balance, creditsLabel, totalCredits } from './price-label.ts';

/** An anonymous fan out of free credits: an account comes before any purchase. */
export function SignInNotice({
  twinName,
  signInPath,
  onSignIn,
}: {
  twinName: string;
  signInPath: string;
  onSignIn: (event: MouseEvent<HTMLElement>) => void;
}) {
  return (
    <div className={classes.notice} data-testid="sign-in-notice">
      <Text fw={600} fz="sm">
        You’ve used your free credits
      </Text>
      <Text fz="sm" c="dimmed" mb="sm">
        Sign in to keep chatting with {twinName}. This conversation comes with you.
      </Text>
      <Button component={Link} to={signInPath} onClick={onSignIn} variant="gradient" fullWidth>
        Sign in to keep chatting
      </Button>
    </div>
  );
}

type OutOfCreditsNoticeProps = {
  twinName: string;
  creditsToSendMessage: number;
  balance: Balance;
  /** Opens the credits sheet (packs, and the twin's subscription when it offers one). */
  onBuyCredits: () => void;
};

/** A signed-in fan whose balance no longer covers a message: buy credits. */
export function OutOfCreditsNotice({ twinName, creditsToSendMessage, balance, onBuyCredits }: OutOfCreditsNoticeProps) {
  return (
    <div className={classes.notice} data-testid="out-of-credits-notice">
      <Text fw={600} fz="sm">
        You’re out of credits
      </Text>
      <Text fz="sm" c="dimmed" mb="sm">
        Each message to {twinName} costs {creditsLabel(creditsToSendMessage)}; you have {creditsLabel(totalCredits(balance))}.
      </Text>
      <Button variant="gradient" onClick={onBuyCredits} aria-haspopup="dialog" fullWidth>
        Buy credits
      </Button>
    </div>
  );
}
