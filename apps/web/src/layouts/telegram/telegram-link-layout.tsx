import { Button } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { LoadingPanel } from '../../components/loading-panel.tsx';
import { MessageCard, SignedInPage } from '../../components/signed-in-page.tsx';
import { describeError } from '../../errors/describe-error.ts';
import { trpc } from '../../trpc/trpc.ts';

/**
 * /telegram/link?token=… (its own chunk; docs/telegram.md): the one-time link a twin's Telegram bot
 * gives with /link or when the fan runs out of credits. Opened signed in, it moves the Telegram
 * fan's chats, memories and credits into this account, then offers the twin's chat in the app.
 */
export function TelegramLinkLayout() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  return (
    <SignedInPage
      documentTitle="Link Telegram · Doppel"
      loadingLabel="Loading…"
      signIn={{
        testId: 'telegram-sign-in',
        title: 'Sign in to link Telegram',
        text: 'Sign in (or create your account) with your email, then tap the link in Telegram again. It works once, for 30 minutes.',
      }}
    >
      {() => <LinkAccount token={token} />}
    </SignedInPage>
  );
}

function LinkAccount({ token }: { token: string }) {
  const link = trpc.telegram.linkAccount.useMutation();
  const started = useRef(false);
  useEffect(() => {
    // Once per page: the link is single-use, a second call would only be refused.
    if (started.current) return;
    started.current = true;
    link.mutate({ token });
  }, [link, token]);

  if (link.isError) {
    return (
      <MessageCard testId="telegram-link-failed" title="This link did not work">
        {describeError(link.error).message}
      </MessageCard>
    );
  }
  if (!link.data) return <LoadingPanel label="Linking your Telegram…" />;
  return (
    <MessageCard
      testId="telegram-linked"
      title="Telegram is linked"
      action={
        link.data.tag && (
          <Button component={Link} to={`/chat/${encodeURIComponent(link.data.tag)}`} variant="gradient">
            Open the chat and get credits
          </Button>
        )
      }
    >
      Your chats, memories and credits are now in your account, in Telegram and here alike.
    </MessageCard>
  );
}
