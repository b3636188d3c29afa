import { Box, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { BrandLink } from '../../components/brand.tsx';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { LoadingPanel } from '../../components/loading-panel.tsx';
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
  const me = trpc.auth.me.useQuery(undefined, { staleTime: 5 * 60_000 });

  useEffect(() => {
    const previous = document.title;
    document.title = 'Link Telegram · Doppel';
    return () => {
      document.title = previous;
    };
  }, []);

  let content: React.ReactNode;
  if (me.isPending) content = <LoadingPanel label="Loading…" />;
  else if (me.isError) {
    content = <ErrorPanel message={describeError(me.error).message} onRetry={() => void me.refetch()} retrying={me.isFetching} />;
  } else if (!me.data || me.data.isAnonymous) content = <SignInPrompt />;
  else content = <LinkAccount token={token} />;

  return (
    <Box mih="100dvh" bg="gray.0">
      <Container size="xs" py="md">
        <BrandLink compact />
      </Container>
      <Container size="xs" pb="xl" component="main">
        {content}
      </Container>
    </Box>
  );
}

function SignInPrompt() {
  return (
    <Paper withBorder p="xl" data-testid="telegram-sign-in">
      <Stack align="center" ta="center" gap="sm">
        <Title order={2} fz="h3">
          Sign in to link Telegram
        </Title>
        <Text c="dimmed">
          Sign in (or create your account) with your email, then tap the link in Telegram again. It works once, for 30 minutes.
        </Text>
        <Button component={Link} to="/sign-in" variant="gradient">
          Sign in
        </Button>
      </Stack>
    </Paper>
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
      <Paper withBorder p="xl" data-testid="telegram-link-failed">
        <Stack align="center" ta="center" gap="sm">
          <Title order={2} fz="h3">
            This link did not work
          </Title>
          <Text c="dimmed">{describeError(link.error).message}</Text>
        </Stack>
      </Paper>
    );
  }
  if (!link.data) return <LoadingPanel label="Linking your Telegram…" />;
  return (
    <Paper withBorder p="xl" data-testid="telegram-linked">
      <Stack align="center" ta="center" gap="sm">
        <Title order={2} fz="h3">
          Telegram is linked
        </Title>
        <Text c="dimmed">Your chats, memories and credits are now in your account, in Telegram and here alike.</Text>
        {link.data.tag && (
          <Button component={Link} to={`/chat/${encodeURIComponent(link.data.tag)}`} variant="gradient">
            Open the chat and get credits
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
