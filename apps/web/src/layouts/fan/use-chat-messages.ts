import type { ChatAttachmentView, ChatMessagesOutput, ChatMessageView } from '@doppel/validation';
import type { InfiniteData } from '@tanstack/react-query';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLive } from '../../live/use-live.ts';
import { trpc } from '../../trpc/trpc.ts';
import { mergePages } from './message-grouping.ts';
import { createSendKeys, type OutgoingMessage, retriesSend } from './send-keys.ts';
import { openChatKey, setOpenChatBalance } from './use-open-chat.ts';

/** Applies `change` to the message with `messageId` wherever it sits in the loaded pages. */
function updateMessage<P>(
  data: InfiniteData<ChatMessagesOutput, P> | undefined,
  messageId: string,
  change: (message: ChatMessageView) => ChatMessageView,
): InfiniteData<ChatMessagesOutput, P> | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((message) => (message.id === messageId ? change(message) : message)),
    })),
  };
}

/** Puts freshly sent messages at the top of the newest page, unless a refetch brought them already. */
function prependMessages<P>(
  data: InfiniteData<ChatMessagesOutput, P> | undefined,
  messages: ChatMessageView[],
): InfiniteData<ChatMessagesOutput, P> | undefined {
  const [first, ...rest] = data?.pages ?? [];
  if (!data || !first) return data;
  const known = new Set(data.pages.flatMap((page) => page.items.map((message) => message.id)));
  const fresh = messages.filter((message) => !known.has(message.id));
  // Newest first inside a page: the reply after the fan's message goes before it.
  return { ...data, pages: [{ ...first, items: [...fresh.reverse(), ...first.items] }, ...rest] };
}

/**
 * The conversation of an open chat: pages of 50 (newest first), live updates of the chat and the
 * fan's balance, and the fan's actions (send, unlock, react) reflected in the cache as soon as the
 * server answers.
 */
export function useChatMessages(input: { chatId: string; fanId: string; talentTag: string }) {
  const { chatId, fanId, talentTag } = input;
  const utils = trpc.useUtils();
  const queryClient = useQueryClient();
  const query = trpc.chat.messages.useInfiniteQuery(
    { chatId },
    { getNextPageParam: (page) => page.nextCursor ?? undefined, staleTime: 30_000 },
  );
  const messages = useMemo(() => mergePages(query.data?.pages ?? []), [query.data]);

  // Messages sent from this screen and when (device clock), for the typing indicator.
  const sentHereAt = useRef(new Map<string, number>());

  // One key per message, kept across its retries (automatic ones reuse the variables, key included).
  const [sendKeys] = useState(createSendKeys);
  const send = trpc.chat.send.useMutation({
    retry: retriesSend,
    onSuccess: (result, variables) => {
      sendKeys.answered(variables.idempotencyKey);
      sentHereAt.current.set(result.message.id, Date.now());
      utils.chat.messages.setInfiniteData({ chatId }, (data) =>
        // Reminders due with this message (docs/safety.md) stand above it.
        prependMessages(data, [...(result.notices ?? []), result.message, ...(result.reply ? [result.reply] : [])]),
      );
      setOpenChatBalance(queryClient, talentTag, result.balance);
    },
  });

  const unlock = trpc.chat.unlock.useMutation({
    onSuccess: (result, variables) => {
      utils.chat.messages.setInfiniteData({ chatId }, (data) =>
        updateMessage(data, variables.messageId, (message) => ({
          ...message,
          attachments: message.attachments.map(
            (attachment): ChatAttachmentView => (attachment.id === result.attachment.id ? result.attachment : attachment),
          ),
        })),
      );
      setOpenChatBalance(queryClient, talentTag, result.balance);
      // The price of the other locked images may change after the first one (first-image offer).
      void utils.chat.messages.invalidate({ chatId });
    },
  });

  const react = trpc.chat.react.useMutation({
    onMutate: (variables) => {
      utils.chat.messages.setInfiniteData({ chatId }, (data) =>
        updateMessage(data, variables.messageId, (message) => ({
          ...message,
          reaction: variables.reaction,
          reactionFeedback: variables.feedback ?? (variables.reaction === message.reaction ? message.reactionFeedback : null),
        })),
      );
    },
    onError: () => void utils.chat.messages.invalidate({ chatId }),
  });

  // One write touches several rows: collect a burst of events into one refetch of each kind.
  const due = useRef({ messages: false, balance: false });
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  useLive([`chat:${chatId}`, `user:${fanId}`], (event) => {
    const entity = event.data.entity;
    if (entity === 'users' || entity === '*') due.current.balance = true;
    // What the twin remembers has its own panel (memory-sheet.tsx), not a message.
    if (entity !== 'users' && entity !== 'fan_memories') due.current.messages = true;
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      const { messages: refetchMessages, balance } = due.current;
      due.current = { messages: false, balance: false };
      if (refetchMessages) void utils.chat.messages.invalidate({ chatId });
      if (balance) void queryClient.invalidateQueries({ queryKey: openChatKey(talentTag) });
    }, 100);
  });

  // The newest page is the latest word on the chat: a takeover (or hand-back) refetches it live.
  const awaitingCreator = query.data?.pages[0]?.awaitingCreator ?? false;

  /** What `send.mutate` takes for this message: its words with the key of this message. */
  const sendInput = (message: OutgoingMessage) => ({ ...message, idempotencyKey: sendKeys.keyFor(message) });

  return { query, messages, sentHereAt: sentHereAt.current, awaitingCreator, send, sendInput, unlock, react };
}
