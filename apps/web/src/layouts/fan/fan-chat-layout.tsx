import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useLayoutEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { ErrorPanel } from '../../components/error-panel.tsx';
import { LoadingPanel } from '../../components/loading-panel.tsx';
import { describeError } from '../../errors/describe-error.ts';
import { handleError } from '../../errors/handle-error.ts';
import { dismissPageShell } from '../../shell/page-shell.ts';
import { trpc } from '../../trpc/trpc.ts';
import { ChatNotFound, ChatUnavailable } from './chat-not-found.tsx';
import { forgetChatReturn } from './chat-return.ts';
import { ChatScreen } from './chat-screen.tsx';
import classes from './fan-chat.module.css';
import { openChatKey, useOpenChat } from './use-open-chat.ts';

// A chat token works once; remembering the tokens tried keeps a re-mount (StrictMode) from spending it twice.
const triedTokens = new Set<string>();

/**
 * The fan messenger at /chat/:talentTag (its own chunk; signed in or out, outside the creator
 * access flow). `?token=` is the creator's "Chat with your AI" link: it signs them in first, then
 * leaves the address.
 */
export function FanChatLayout() {
  const { talentTag = '' } = useParams();
  const token = useChatToken();
  const open = useOpenChat(talentTag, token.done);

  // The server's first paint of the chat gives way to the error or "not found" the app shows instead.
  const failed = open.isError || open.data?.kind === 'not-found' || open.data?.kind === 'unavailable';
  useLayoutEffect(() => {
    if (failed) dismissPageShell();
  }, [failed]);

  useEffect(() => {
    // Back in the chat: a pending "come back after signing in" is fulfilled.
    if (open.data?.kind === 'open' && !open.data.opened.isAnonymous) forgetChatReturn();
  }, [open.data]);

  let content: React.ReactNode;
  if (open.data?.kind === 'not-found') return <ChatNotFound tag={talentTag} />;
  if (open.data?.kind === 'unavailable') return <ChatUnavailable message={open.data.message} />;
  if (open.data?.kind === 'open') content = <ChatScreen key={open.data.opened.chat.id} opened={open.data.opened} />;
  else if (open.isError) {
    content = (
      <ErrorPanel
        title="We could not open this chat"
        message={describeError(open.error).message}
        onRetry={() => void open.refetch()}
        retrying={open.isFetching}
      />
    );
  } else content = <LoadingPanel label={token.done ? 'Opening the chat…' : 'Signing you in…'} />;

  return (
    <div className={classes.page}>{open.data?.kind === 'open' ? content : <div className={classes.frame}>{content}</div>}</div>
  );
}

/** Spends a `?token=` (talent.chatAuth.signIn) once, then removes it from the address. */
function useChatToken(): { done: boolean } {
  const location = useLocation();
  const navigate = useNavigate();
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const { talentTag = '' } = useParams();
  const token = new URLSearchParams(location.search).get('token');
  const [done, setDone] = useState(!token);

  useEffect(() => {
    if (!token) {
      setDone(true);
      return;
    }
    if (triedTokens.has(token)) return;
    triedTokens.add(token);
    setDone(false);
    const params = new URLSearchParams(location.search);
    params.delete('token');
    const search = params.toString();
    const cleanAddress = () =>
      navigate({ pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash }, { replace: true });
    utils.client.talent.chatAuth.signIn
      .mutate({ token })
      .then((result) => {
        utils.auth.me.setData(undefined, result.me);
        queryClient.removeQueries({ queryKey: openChatKey(talentTag) });
      })
      // An expired or spent link still opens the chat, as whoever this browser is.
      .catch((error: unknown) => handleError(error, { path: 'talent.chatAuth.signIn' }))
      .finally(() => {
        cleanAddress();
        setDone(true);
      });
  }, [token, location.pathname, location.search, location.hash, navigate, utils, queryClient, talentTag]);

  return { done };
}
