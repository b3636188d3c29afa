import { type ChatOpenOutput, type CreditBalanceView, viewerTimeZone } from '@doppel/validation';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { describeError } from '../../errors/describe-error.ts';
import { seededOpenedChat } from '../../shell/seeded-chat.ts';
import { trpc } from '../../trpc/trpc.ts';

/** An open chat with the id of the fan reading it (for the `user:{id}` live scope). */
export type OpenedChat = ChatOpenOutput & { fanId: string };
export type OpenChatResult =
  | { kind: 'open'; opened: OpenedChat }
  | { kind: 'not-found' }
  // A twin hidden from fans while a report is reviewed (docs/safety.md): the server's reason.
  | { kind: 'unavailable'; message: string };

export const openChatKey = (talentTag: string) => ['fan-chat', 'open', talentTag.toLowerCase()] as const;

/**
 * Opens the twin's chat (`chat.open`, which makes an anonymous fan and its session when signed
 * out). A mutation on the server, but read like a query here: the cache runs it once per screen
 * even when StrictMode mounts twice (two calls would make two anonymous fans), and a refetch is
 * how the balance is refreshed. An unknown tag is an answer (the not-found screen), not a failure,
 * and so is a twin hidden from fans (the unavailable screen).
 */
export function useOpenChat(talentTag: string, enabled: boolean) {
  const utils = trpc.useUtils();
  return useQuery({
    queryKey: openChatKey(talentTag),
    enabled,
    // Left behind, the chat may belong to another account the next time (after signing in).
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
    // The chat the page's entry already opened (shell/early-calls.ts): no second `chat.open`.
    initialData: () => seededOpenedChat<OpenChatResult>(talentTag),
    queryFn: async (): Promise<OpenChatResult> => {
      try {
        const opened = await utils.client.chat.open.mutate({ talentTag, timeZone: viewerTimeZone() });
        // The session may be new (anonymous fan) or changed: read who we are now.
        const me = await utils.client.auth.me.query();
        utils.auth.me.setData(undefined, me);
        if (!me) throw new Error('The chat opened without a session, please reload the page.');
        return { kind: 'open', opened: { ...opened, fanId: me.id } };
      } catch (error) {
        const described = describeError(error);
        if (described.code === 'NOT_FOUND') return { kind: 'not-found' };
        if (described.code === 'FORBIDDEN') return { kind: 'unavailable', message: described.message };
        throw error;
      }
    },
  });
}

/** Puts a balance the server just returned (send, unlock) on screen without another round trip. */
export function setOpenChatBalance(queryClient: QueryClient, talentTag: string, balance: CreditBalanceView): void {
  queryClient.setQueryData<OpenChatResult>(openChatKey(talentTag), (current) =>
    current?.kind === 'open' ? { kind: 'open', opened: { ...current.opened, balance } } : current,
  );
}

export function useRefreshOpenChat(talentTag: string): () => void {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: openChatKey(talentTag) });
}

/** The fan passed the age gate (chat.confirmAge): the composer replaces it, without reopening the chat. */
export function setOpenChatAgeConfirmed(queryClient: QueryClient, talentTag: string): void {
  queryClient.setQueryData<OpenChatResult>(openChatKey(talentTag), (current) =>
    current?.kind === 'open' ? { kind: 'open', opened: { ...current.opened, ageConfirmationRequired: false } } : current,
  );
}
