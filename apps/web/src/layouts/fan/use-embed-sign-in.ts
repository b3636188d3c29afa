import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { describeError } from '../../errors/describe-error.ts';
import { trpc } from '../../trpc/trpc.ts';
import { openChatKey } from './use-open-chat.ts';

/**
 * Sign-in from the chat framed on a creator's site (docs/embed.md#signing-in-from-the-frame): the
 * frame's session is the site's alone, so the person signs in and confirms on Doppel in a tab of its
 * own. The tab is opened at the tap (a tab opened after a round trip would be taken for a pop-up),
 * then sent to the page the server names. Once confirmed, the server tells the frame live and the
 * chat opens again as the account; coming back to the frame also looks again, should that be missed.
 */
export function useEmbedSignIn(talentTag: string) {
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState(false);
  const start = trpc.chat.embedSignIn.start.useMutation();

  useEffect(() => {
    if (!waiting) return;
    const onFocus = () => void queryClient.invalidateQueries({ queryKey: openChatKey(talentTag) });
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [waiting, queryClient, talentTag]);

  return () => {
    const tab = window.open('', '_blank');
    start.mutate(
      { talentTag },
      {
        onSuccess: ({ path }) => {
          const url = new URL(path, window.location.origin).href;
          if (tab) {
            tab.opener = null;
            tab.location.href = url;
          } else window.open(url, '_blank', 'noopener');
          setWaiting(true);
        },
        onError: (error) => {
          tab?.close();
          notifications.show({ color: 'red', title: 'Could not start signing in', message: describeError(error).message });
        },
      },
    );
  };
}
