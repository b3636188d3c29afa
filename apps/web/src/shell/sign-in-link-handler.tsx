import { lazy, Suspense, useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { trpc } from '../trpc/trpc.ts';
import { readSignInLink } from './sign-in-link.ts';

// The dialog (Mantine's Modal with its focus trap and scroll lock) loads only when an address holds a
// link, not with every page.
const SigningInDialog = lazy(() => import('./signing-in-dialog.tsx').then((module) => ({ default: module.SigningInDialog })));

// A link's token works once; remembering the tokens tried keeps a re-mount (StrictMode) from spending it twice.
const triedTokens = new Set<string>();

/**
 * Completes a magic-link sign-in wherever the link lands: shows a loading dialog, signs in, then
 * cleans the address, or opens the chat the fan signed in from (a link opened in a new tab by a mail
 * app would otherwise land a fan on the creator's waitlist). A failed link goes to the shared error
 * handler and leaves the user signed out.
 */
export function SignInLinkHandler() {
  const location = useLocation();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const signIn = trpc.auth.signInWithLink.useMutation();
  const link = readSignInLink(location.search);
  const email = link?.email;
  const token = link?.token;
  const next = link?.next ?? null;
  const mutate = useRef(signIn.mutate);
  mutate.current = signIn.mutate;

  useEffect(() => {
    if (!email || !token || triedTokens.has(token)) return;
    triedTokens.add(token);
    const cleanAddress = () => navigate({ pathname: location.pathname, search: '', hash: location.hash }, { replace: true });
    mutate.current(
      { email, token },
      {
        onSuccess: async (me) => {
          // An auth.me request sent before the cookie existed may still be on its way back with
          // "signed out"; cancel it so it cannot overwrite the signed-in answer.
          await utils.auth.me.cancel();
          utils.auth.me.setData(undefined, me);
          if (next) navigate(next, { replace: true });
          else cleanAddress();
        },
        onError: cleanAddress,
      },
    );
  }, [email, token, next, location.pathname, location.hash, navigate, utils]);

  // Without a link there is nothing to show: a closed Modal still mounts its hooks and re-renders in
  // the app's first commit, on every page.
  if (!token && signIn.isIdle) return null;
  return (
    <Suspense fallback={null}>
      <SigningInDialog opened={signIn.isPending} />
    </Suspense>
  );
}
