import { Box, Button, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect } from 'react';
import { Link } from 'react-router-dom';
import { describeError } from '../errors/describe-error.ts';
import { rememberChatReturn, signInPathFor } from '../layouts/fan/chat-return.ts';
import { trpc } from '../trpc/trpc.ts';
import { BrandLink } from './brand.tsx';
import { ErrorPanel } from './error-panel.tsx';
import { LoadingPanel } from './loading-panel.tsx';

/** A centred card of its own: a title, a line, and what to do next (a button), if anything. */
export function MessageCard({
  testId,
  title,
  children,
  action,
}: {
  testId: string;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Paper withBorder p="xl" data-testid={testId}>
      <Stack align="center" ta="center" gap="sm">
        <Title order={2} fz="h3">
          {title}
        </Title>
        <Text c="dimmed">{children}</Text>
        {action}
      </Stack>
    </Paper>
  );
}

/**
 * A page outside the app's shells that only a signed-in account can use (a link opened from
 * elsewhere: a checkout, Telegram's /link): the brand, then loading, an error with a retry, the
 * sign-in card for a visitor or an anonymous fan, or the page itself.
 */
export function SignedInPage({
  documentTitle,
  loadingLabel,
  signIn,
  returnTo,
  children,
}: {
  documentTitle: string;
  loadingLabel: string;
  /** Where signing in brings the person back (a path `next` allows); absent: the app's own start. */
  returnTo?: string;
  /** What a visitor is told before the sign-in button. */
  signIn: { testId: string; title: string; text: string };
  children: () => ReactNode;
}) {
  const me = trpc.auth.me.useQuery(undefined, { staleTime: 5 * 60_000 });

  useEffect(() => {
    const previous = document.title;
    document.title = documentTitle;
    return () => {
      document.title = previous;
    };
  }, [documentTitle]);

  let content: ReactNode;
  if (me.isPending) content = <LoadingPanel label={loadingLabel} />;
  else if (me.isError) {
    content = <ErrorPanel message={describeError(me.error).message} onRetry={() => void me.refetch()} retrying={me.isFetching} />;
  } else if (!me.data || me.data.isAnonymous) {
    content = (
      <MessageCard
        testId={signIn.testId}
        title={signIn.title}
        action={
          <Button
            component={Link}
            to={returnTo ? signInPathFor(returnTo) : '/sign-in'}
            onClick={() => returnTo && rememberChatReturn(returnTo)}
            variant="gradient"
          >
            Sign in
          </Button>
        }
      >
        {signIn.text}
      </MessageCard>
    );
  } else content = children();

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
