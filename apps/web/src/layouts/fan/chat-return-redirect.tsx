import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { trpc } from '../../trpc/trpc.ts';
import { forgetChatReturn, readChatReturn } from './chat-return.ts';

/**
 * Mounted by the shell on every page: a fan who left a chat with "Sign in to keep chatting" goes
 * back to it as soon as the account is a real one (magic link, Google, Apple), wherever the
 * sign-in finished. Small on purpose: it ships in the main bundle, the messenger does not.
 */
export function ChatReturnAfterSignIn() {
  const location = useLocation();
  const navigate = useNavigate();
  const target = readChatReturn();
  const me = trpc.auth.me.useQuery(undefined, { enabled: target !== null, staleTime: 5 * 60_000 });
  // A magic link still in the address is being completed: wait for it.
  const completingLink = new URLSearchParams(location.search).get('mode') === 'signIn';
  const signedIn = me.data != null && !me.data.isAnonymous;

  useEffect(() => {
    if (!target || !signedIn || completingLink) return;
    forgetChatReturn();
    if (location.pathname !== target) navigate(target, { replace: true });
  }, [target, signedIn, completingLink, location.pathname, navigate]);

  return null;
}
