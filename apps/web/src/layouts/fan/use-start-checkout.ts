import { useEffect, useState } from 'react';
import { isEmbedded } from '../../embed/embedded.ts';
import { describeError } from '../../errors/describe-error.ts';
import { trpc } from '../../trpc/trpc.ts';
import { useRefreshOpenChat } from './use-open-chat.ts';

/**
 * Opens a checkout for a pack or the twin's subscription and sends the browser to it (Stripe's
 * page, or our sandbox page when no provider is configured). The fan comes back to `returnPath`.
 * Errors reach the shared handler (a notification with the server's words, e.g. "You are already
 * subscribed to Mia.").
 */
export function useStartCheckout(input: { talentId: string; talentTag: string; returnPath: string }) {
  const utils = trpc.useUtils();
  const refreshOpenChat = useRefreshOpenChat(input.talentTag);
  // The product whose page the browser is loading: its button keeps spinning until we leave.
  const [leavingFor, setLeavingFor] = useState<string | null>(null);
  const checkout = trpc.payments.checkout.useMutation({
    onSuccess: (result, variables) => {
      // Framed on a creator's site (docs/embed.md) the payment page opens in a tab of its own:
      // payment pages refuse to be framed.
      if (isEmbedded()) {
        window.open(result.url, '_blank', 'noopener');
        return;
      }
      setLeavingFor(variables.productId);
      window.location.assign(result.url);
    },
    onError: (error) => {
      // A conflict means the screen is out of date (a subscription bought in another tab).
      if (describeError(error).code === 'CONFLICT') {
        void utils.payments.catalog.invalidate();
        refreshOpenChat();
      }
    },
  });

  // Back from the provider with the browser's Back button, the page may come from the back-forward
  // cache, spinner and all: the fan must be able to buy again.
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setLeavingFor(null);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  const busyProductId = checkout.isPending ? (checkout.variables?.productId ?? null) : leavingFor;
  return {
    start: (productId: string) => checkout.mutate({ productId, talentId: input.talentId, returnPath: input.returnPath }),
    busyProductId,
  };
}
