import { Button, Group } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useParams } from 'react-router-dom';
import { LoadingPanel } from '../../components/loading-panel.tsx';
import { MessageCard, SignedInPage } from '../../components/signed-in-page.tsx';
import { describeError } from '../../errors/describe-error.ts';
import { trpc } from '../../trpc/trpc.ts';

/**
 * /embed-sign-in/:token (its own chunk; docs/embed.md#signing-in-from-the-frame): the tab the chat
 * framed on a creator's site opens when the fan taps Sign in. Signed in, the person reads what
 * confirming does and confirms; the framed chat then uses their account. Nothing happens without
 * the confirmation: a link someone else sent must not sign their frame in to this account.
 */
export function EmbedSignInLayout() {
  const token = useParams().token ?? '';
  return (
    <SignedInPage
      documentTitle="Sign in to the chat · Doppel"
      loadingLabel="Loading…"
      returnTo={`/embed-sign-in/${token}`}
      signIn={{
        testId: 'embed-sign-in-card',
        title: 'Sign in to keep chatting',
        text: 'Sign in (or create your account) with your email. You come back here to finish: the chat on the website then uses your account.',
      }}
    >
      {() => <ConfirmSignIn token={token} />}
    </SignedInPage>
  );
}

function ConfirmSignIn({ token }: { token: string }) {
  const describe = trpc.chat.embedSignIn.describe.useMutation();
  const confirm = trpc.chat.embedSignIn.confirm.useMutation();
  const asked = useRef(false);
  useEffect(() => {
    // Once per page: what the link would sign in (a POST: the token stays out of query strings).
    if (asked.current) return;
    asked.current = true;
    describe.mutate({ token });
  }, [describe, token]);

  const failure = describe.error ?? confirm.error;
  if (failure) {
    return (
      <MessageCard testId="embed-sign-in-failed" title="This link did not work">
        {describeError(failure).message}
      </MessageCard>
    );
  }
  if (confirm.data) {
    const tag = confirm.data.twinTag;
    return (
      <MessageCard
        testId="embed-sign-in-done"
        title="You’re signed in"
        action={
          tag && (
            <Button component={Link} to={`/chat/${encodeURIComponent(tag)}`} variant="subtle">
              Open the chat on Doppel instead
            </Button>
          )
        }
      >
        Go back to the website: the chat there now uses your account. You can close this tab.
      </MessageCard>
    );
  }
  if (!describe.data) return <LoadingPanel label="Checking the link…" />;
  const { twinName } = describe.data;
  return (
    <MessageCard
      testId="embed-sign-in-confirm"
      title={`Use your account in ${twinName}’s chat?`}
      action={
        <Group justify="center">
          <Button variant="gradient" loading={confirm.isPending} onClick={() => confirm.mutate({ token })}>
            Continue
          </Button>
          <Button component={Link} to="/" variant="default" disabled={confirm.isPending}>
            Cancel
          </Button>
        </Group>
      }
    >
      You tapped Sign in in {twinName}’s chat on a website. Continue, and that chat uses your account: its messages, credits and
      what {twinName} remembers join yours. If you did not just tap Sign in there, cancel.
    </MessageCard>
  );
}
