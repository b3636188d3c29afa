import { Box, Button, Center, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { BrandLink } from '../../components/brand.tsx';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { LoadingPanel } from '../../components/loading-panel.tsx';
import { describeError } from '../../errors/describe-error.ts';
import { trpc } from '../../trpc/trpc.ts';
import { SandboxCheckoutCard } from './sandbox-checkout-card.tsx';

/**
 * /checkout/sandbox/:checkoutId (its own chunk): the page a checkout opens when no payment provider
 * is configured. Only the checkout's own fan, signed in, can read and pay it.
 */
export function CheckoutLayout() {
  const { checkoutId = '' } = useParams();
  const me = trpc.auth.me.useQuery(undefined, { staleTime: 5 * 60_000 });

  useEffect(() => {
    const previous = document.title;
    document.title = 'Sandbox checkout · Doppel';
    return () => {
      document.title = previous;
    };
  }, []);

  let content: React.ReactNode;
  if (me.isPending) content = <LoadingPanel label="Loading the checkout…" />;
  else if (me.isError) {
    content = <ErrorPanel message={describeError(me.error).message} onRetry={() => void me.refetch()} retrying={me.isFetching} />;
  } else if (!me.data || me.data.isAnonymous) content = <SignInPrompt />;
  else content = <SandboxCheckout checkoutId={checkoutId} />;

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
    <Paper withBorder p="xl" data-testid="checkout-sign-in">
      <Stack align="center" ta="center" gap="sm">
        <Title order={2} fz="h3">
          Sign in to continue
        </Title>
        <Text c="dimmed">This checkout belongs to an account. Sign in with it, then open the checkout again from the chat.</Text>
        <Button component={Link} to="/sign-in" variant="gradient">
          Sign in
        </Button>
      </Stack>
    </Paper>
  );
}

function SandboxCheckout({ checkoutId }: { checkoutId: string }) {
  const checkout = trpc.payments.checkoutStatus.useQuery({ checkoutId }, { staleTime: 0 });
  if (checkout.isPending) return <LoadingPanel label="Loading the checkout…" />;
  if (checkout.isError) {
    if (describeError(checkout.error).code === 'NOT_FOUND') {
      return (
        <Paper withBorder p="xl" data-testid="checkout-not-found">
          <Stack align="center" ta="center" gap="sm">
            <Title order={2} fz="h3">
              This checkout does not exist
            </Title>
            <Text c="dimmed">The link may be mistyped, or the checkout belongs to another account.</Text>
            <Center>
              <Button component={Link} to="/" variant="default">
                Go to Doppel
              </Button>
            </Center>
          </Stack>
        </Paper>
      );
    }
    return (
      <ErrorPanel
        title="We could not load this checkout"
        message={describeError(checkout.error).message}
        onRetry={() => void checkout.refetch()}
        retrying={checkout.isFetching}
      />
    );
  }
  return <SandboxCheckoutCard checkout={checkout.data} />;
}
