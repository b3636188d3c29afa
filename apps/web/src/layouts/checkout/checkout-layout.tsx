import { Button, Center } from '@mantine/core';
import { Link, useParams } from 'react-router-dom';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { LoadingPanel } from '../../components/loading-panel.tsx';
import { MessageCard, SignedInPage } from '../../components/signed-in-page.tsx';
import { describeError } from '../../errors/describe-error.ts';
import { trpc } from '../../trpc/trpc.ts';
import { SandboxCheckoutCard } from './sandbox-checkout-card.tsx';

/**
 * /checkout/sandbox/:checkoutId (its own chunk): the page a checkout opens when no payment provider
 * is configured. Only the checkout's own fan, signed in, can read and pay it.
 */
export function CheckoutLayout() {
  const { checkoutId = '' } = useParams();
  return (
    <SignedInPage
      documentTitle="Sandbox checkout · Doppel"
      loadingLabel="Loading the checkout…"
      signIn={{
        testId: 'checkout-sign-in',
        title: 'Sign in to continue',
        text: 'This checkout belongs to an account. Sign in with it, then open the checkout again from the chat.',
      }}
    >
      {() => <SandboxCheckout checkoutId={checkoutId} />}
    </SignedInPage>
  );
}

function SandboxCheckout({ checkoutId }: { checkoutId: string }) {
  const checkout = trpc.payments.checkoutStatus.useQuery({ checkoutId }, { staleTime: 0 });
  if (checkout.isPending) return <LoadingPanel label="Loading the checkout…" />;
  if (checkout.isError) {
    if (describeError(checkout.error).code === 'NOT_FOUND') {
      return (
        <MessageCard
          testId="checkout-not-found"
          title="This checkout does not exist"
          action={
            <Center>
              <Button component={Link} to="/" variant="default">
                Go to Doppel
              </Button>
            </Center>
          }
        >
          The link may be mistyped, or the checkout belongs to another account.
        </MessageCard>
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
