import type { ChatCallToAction } from '@doppel/validation';
import { Button, Group } from '@mantine/core';
import type { MouseEvent } from 'react';
import { Link } from 'react-router-dom';

export type CallToActionProps = {
  kind: ChatCallToAction;
  /** Opens the credits sheet on the packs, or on the subscription. */
  onBuyCredits: () => void;
  onSubscribe: () => void;
  signInPath: string;
  /** Before the sign-in page opens; framed on a creator's site it opens a tab instead (preventDefault). */
  onSignIn: (event: MouseEvent<HTMLElement>) => void;
};

/** The way forward under the twin's out-of-credits answer: buy credits, subscribe or sign in. */
export function CallToAction({ kind, onBuyCredits, onSubscribe, signInPath, onSignIn }: CallToActionProps) {
  return (
    <Group gap="xs" data-testid="chat-call-to-action" data-kind={kind}>
      {kind === 'SIGN_IN' && (
        <Button component={Link} to={signInPath} onClick={onSignIn} size="xs" variant="gradient">
          Sign in
        </Button>
      )}
      {kind === 'SUBSCRIBE' && (
        <>
          <Button size="xs" variant="gradient" onClick={onSubscribe}>
            Subscribe
          </Button>
          <Button size="xs" variant="subtle" onClick={onBuyCredits}>
            Buy credits
          </Button>
        </>
      )}
      {kind === 'CHECKOUT' && (
        <Button size="xs" variant="gradient" onClick={onBuyCredits}>
          Buy credits
        </Button>
      )}
    </Group>
  );
}
