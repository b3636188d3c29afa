import type { CheckoutView } from '@doppel/validation';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { describeError } from '../../errors/describe-error.ts';
import { handleError } from '../../errors/handle-error.ts';
import { trpc } from '../../trpc/trpc.ts';
import {
  type CheckoutNotice,
  type CheckoutReturn,
  checkoutNotice,
  confirmingNotice,
  confirmPollMs,
  confirmTimeoutMs,
  parseCheckoutReturn,
  slowNotice,
  withoutCheckoutParams,
} from './checkout-return.ts';
import { useRefreshOpenChat } from './use-open-chat.ts';

// Canceling is a write: remembering the checkouts canceled keeps a re-mount (StrictMode) from sending it twice.
const canceling = new Set<string>();

type Tracked = CheckoutReturn & { startedAt: number };
/** How a tracked checkout ended: its final view, or a notice of our own (an error, too slow). */
type Settled = { view: CheckoutView } | { notice: CheckoutNotice };

/**
 * Back in the chat from a checkout (`?checkout=<id>&outcome=success|cancel`): a cancel closes the
 * checkout; a success is confirmed by asking every 2 s (for up to a minute) until the payment is
 * booked. Then the parameters leave the address (replaced, no new history entry). Answers the
 * notice to show, null when there is none. The balance rises by itself (live `users` change).
 */
export function useCheckoutReturn(input: { talentTag: string; subscribedUntil: string | null }) {
  const location = useLocation();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const refreshOpenChat = useRefreshOpenChat(input.talentTag);
  const fromAddress = parseCheckoutReturn(location.search);
  const [tracked, setTracked] = useState<Tracked | null>(() => (fromAddress ? { ...fromAddress, startedAt: Date.now() } : null));
  const [settled, setSettled] = useState<Settled | null>(null);
  const [dismissed, setDismissed] = useState(false);

  // A new return while the chat stays open (another checkout) starts over.
  const addressId = fromAddress?.checkoutId;
  const addressOutcome = fromAddress?.outcome;
  useEffect(() => {
    if (!addressId || !addressOutcome) return;
    setTracked((current) =>
      current?.checkoutId === addressId && current.outcome === addressOutcome
        ? current
        : { checkoutId: addressId, outcome: addressOutcome, startedAt: Date.now() },
    );
  }, [addressId, addressOutcome]);
  useEffect(() => {
    if (!tracked) return;
    setSettled(null);
    setDismissed(false);
  }, [tracked]);

  const confirming = tracked?.outcome === 'success' && settled === null;
  const status = trpc.payments.checkoutStatus.useQuery(
    { checkoutId: tracked?.checkoutId ?? '' },
    {
      enabled: confirming,
      staleTime: 0,
      gcTime: 0,
      refetchInterval: (query) =>
        query.state.data?.status === 'OPEN' && tracked && Date.now() - tracked.startedAt < confirmTimeoutMs
          ? confirmPollMs
          : false,
    },
  );

  // Success: settled once the checkout is no longer open, or after a minute of waiting.
  useEffect(() => {
    if (!confirming || !tracked) return;
    if (status.isError) {
      setSettled({ notice: { tone: 'failure', text: describeError(status.error).message } });
    } else if (status.data && status.data.status !== 'OPEN') {
      setSettled({ view: status.data });
    } else {
      const timer = setTimeout(() => setSettled({ notice: slowNotice }), tracked.startedAt + confirmTimeoutMs - Date.now());
      return () => clearTimeout(timer);
    }
  }, [confirming, tracked, status.isError, status.error, status.data]);

  // Cancel: the checkout is closed; if it was paid after all, the answer says so.
  useEffect(() => {
    if (tracked?.outcome !== 'cancel' || canceling.has(tracked.checkoutId)) return;
    canceling.add(tracked.checkoutId);
    utils.client.payments.cancelCheckout
      .mutate({ checkoutId: tracked.checkoutId })
      .then((view) => setSettled({ view }))
      .catch((error: unknown) => {
        handleError(error, { path: 'payments.cancelCheckout', notify: false });
        setSettled({ notice: { tone: 'failure', text: describeError(error).message } });
      });
  }, [tracked, utils]);

  // Settled: the balance, catalog and history are read again (once per outcome), and the address is cleaned.
  const handled = useRef<Settled | null>(null);
  const { pathname, search, hash } = location;
  useEffect(() => {
    if (!settled || handled.current === settled) return;
    handled.current = settled;
    refreshOpenChat();
    void utils.payments.invalidate();
    if (parseCheckoutReturn(search)) navigate({ pathname, search: withoutCheckoutParams(search), hash }, { replace: true });
  }, [settled, refreshOpenChat, utils, search, pathname, hash, navigate]);

  let notice: CheckoutNotice | null = null;
  if (tracked && !dismissed) {
    if (!settled) notice = tracked.outcome === 'success' ? confirmingNotice : null;
    else if ('view' in settled) notice = checkoutNotice(settled.view, input.subscribedUntil);
    else notice = settled.notice;
  }
  return { notice, dismiss: () => setDismissed(true) };
}
