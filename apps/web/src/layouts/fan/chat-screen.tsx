import { ActionIcon, Button, Center, Loader, Text } from '@mantine/core';
import { IconChevronDown } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, type MouseEvent, memo, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { ErrorAlert } from '../../components/error-alert.tsx';
import { useNow } from '../../components/use-now.ts';
import { isEmbedded } from '../../embed/embedded.ts';
import { useOpenedOnce } from '../../kit/use-opened-once.ts';
import { usePushNotifications } from '../../push/use-push-notifications.ts';
import { ChatHeader } from './chat-header.tsx';
import { ChatIntro } from './chat-intro.tsx';
import { ChatMenu } from './chat-menu.tsx';
import { ChatNoticeLine } from './chat-notice-line.tsx';
import { OutOfCreditsNotice, SignInNotice } from './chat-notices.tsx';
import { rememberChatReturn, signInPathFor } from './chat-return.ts';
import { CheckoutStatus } from './checkout-status.tsx';
import { Composer } from './composer.tsx';
import type { SheetIntent } from './credits-sheet.tsx';
import classes from './fan-chat.module.css';
import { awaitedReply, buildTimeline, formatMessageTime, hasFanSpoken } from './message-grouping.ts';
import { messageNote } from './message-note.ts';
import { MessageRow, type Reaction } from './message-row.tsx';
import { callToActionOf, isSubscribedAt, nextStep, saidWhatToDo } from './price-label.ts';
import { takesReactions } from './reaction-rule.ts';
import { visibleReplyDraft } from './reply-draft.ts';
import { SafetyReplyCard } from './safety-reply-card.tsx';
import { StarterChips } from './starter-chips.tsx';
import { AnswerSoonNotice, TypingIndicator } from './typing-indicator.tsx';
import { useAskedQuestion } from './use-asked-question.ts';
import { useChatMessages } from './use-chat-messages.ts';
import { useChatScroll } from './use-chat-scroll.ts';
import { useCheckoutReturn } from './use-checkout-return.ts';
import { useEmbedSignIn } from './use-embed-sign-in.ts';
import { type OpenedChat, setOpenChatAgeConfirmed } from './use-open-chat.ts';
import { useReplyStream } from './use-reply-stream.ts';

// What a fan opens now and then loads when first shown, not with the chat: the sheets, the
// feedback dialog and the age gate (its form brings the schema library). Their code was a third of
// the chat's first task at a phone's speed (issue 33).
const AccountSheet = lazy(() => import('./account-sheet.tsx').then((module) => ({ default: module.AccountSheet })));
const AgeGate = lazy(() => import('./age-gate.tsx').then((module) => ({ default: module.AgeGate })));
const CreditsSheet = lazy(() => import('./credits-sheet.tsx').then((module) => ({ default: module.CreditsSheet })));
const FeedbackDialog = lazy(() => import('./feedback-dialog.tsx').then((module) => ({ default: module.FeedbackDialog })));
const MemorySheet = lazy(() => import('./memory-sheet.tsx').then((module) => ({ default: module.MemorySheet })));

/**
 * The conversation with one twin: welcome messages, messages, starters, unlocks, reactions, composer.
 * Memoized: the layout above it re-renders when the opened chat's query settles after mounting,
 * synchronously (a query store update), and the whole chat rendered again in that task.
 */
export const ChatScreen = memo(function ChatScreen({ opened }: { opened: OpenedChat }) {
  const { chat, talent, welcomeMessages, starters, balance, isAnonymous, fanId, subscribedUntil, isTestChat } = opened;
  // A twin above SAFE asks for the fan's date of birth before the first message (docs/safety.md).
  const ageGate = opened.ageConfirmationRequired;
  const queryClient = useQueryClient();
  const { query, messages, sentHereAt, awaitingCreator, send, sendInput, unlock, react } = useChatMessages({
    chatId: chat.id,
    fanId,
    talentTag: talent.tag,
  });
  // Stable, so the memoised message rows skip re-rendering while nothing about them changed.
  const twin = useMemo(
    () => ({ name: talent.name, pictureUrl: talent.profilePictureUrl }),
    [talent.name, talent.profilePictureUrl],
  );
  const chatPath = `/chat/${talent.tag}`;
  const signInPath = signInPathFor(chatPath);
  // Framed on a creator's site, signing in happens in a tab of its own (docs/embed.md).
  const startEmbedSignIn = useEmbedSignIn(talent.tag);
  const onSignIn = (event: MouseEvent<HTMLElement>) => {
    if (!isEmbedded()) return rememberChatReturn(chatPath);
    event.preventDefault();
    startEmbedSignIn();
  };

  // A question brought from /discover waits in the composer, unsent: the fan decides (messages cost credits).
  const askedQuestion = useAskedQuestion();
  const [draft, setDraft] = useState(askedQuestion);
  const [feedbackFor, setFeedbackFor] = useState<string | null>(null);
  const now = useNow(messages.at(-1)?.senderType === 'USER');
  const timeline = useMemo(() => buildTimeline(messages, new Date(now)), [messages, now]);
  const awaiting = send.isPending ? 'typing' : awaitedReply(messages, now, sentHereAt, awaitingCreator);
  // The reply as the twin writes it: the typing dots until the first words, then a growing bubble.
  const replyDraft = visibleReplyDraft(useReplyStream(chat.id), messages.at(-1));
  const pendingText = send.isPending ? send.variables?.text : undefined;
  const showStarters = query.isSuccess && starters.length > 0 && !hasFanSpoken(messages) && !send.isPending;
  const atStart = query.isPending || !query.hasNextPage;
  // The server only answers an active subscription; the clock ends one that runs out on screen.
  const isSubscribed = isSubscribedAt(subscribedUntil, now);
  // A test chat's prices are all 0 (the server's rule), so the creator is never asked to pay.
  const step = nextStep({ balance, isAnonymous, creditsToSendMessage: talent.creditsToSendMessage, isSubscribed });
  const callToAction = callToActionOf(messages, { isAnonymous, isSubscribed });
  // Once the twin has said what to do, sending again would only repeat it: the notice replaces the composer.
  const composerBlocked = saidWhatToDo(step, messages);
  // The credits sheet, and what opened it; signed-in fans only (an account comes before buying).
  const [sheet, setSheet] = useState<SheetIntent | null>(null);
  const openSheet = isAnonymous ? undefined : (intent: SheetIntent) => setSheet(intent);
  const checkoutReturn = useCheckoutReturn({ talentTag: talent.tag, subscribedUntil });
  // Notifications of the twin's broadcasts: signed-in fans only (the server refuses anonymous ones too).
  const push = usePushNotifications({ enabled: !isAnonymous });
  const [memoryOpen, setMemoryOpen] = useState(false);
  const [accountOpen, setAccountOpen] = useState(false);
  const accountBuilt = useOpenedOnce(accountOpen);
  // The sheets and the feedback dialog are built when first opened, not with the chat.
  const memoryBuilt = useOpenedOnce(memoryOpen);
  const feedbackBuilt = useOpenedOnce(feedbackFor !== null);
  const creditsBuilt = useOpenedOnce(sheet !== null);
  // "What Mia remembers about you" reads as a person; the full name stays in the header.
  const twinFirstName = talent.name.trim().split(/\s+/)[0] || talent.name;

  const { scroller, onScroll, readingBack, scrollToLatest, keepPlace, followNewest } = useChatScroll({
    isFetchingOlder: query.isFetchingNextPage,
  });

  useEffect(() => {
    const previous = document.title;
    document.title = `${talent.name} · Doppel`;
    return () => {
      document.title = previous;
    };
  }, [talent.name]);
  const loadOlder = () => {
    keepPlace();
    void query.fetchNextPage();
  };

  const sendText = (text: string, suggestionId?: string) => {
    followNewest();
    // A starter leaves whatever the fan was typing in the composer.
    if (!suggestionId) setDraft('');
    send.mutate(
      sendInput({ chatId: chat.id, text, ...(suggestionId ? { suggestionId } : {}) }),
      // The words are not lost when sending fails (the error itself reaches the shared handler);
      // sending them again is a retry of the same message, with its key.
      {
        onError: () => {
          if (!suggestionId) setDraft((current) => current || text);
        },
      },
    );
  };
  // One stable handler each for every row; they call the newest mutations through a ref.
  const actions = useRef({ react, unlock });
  actions.current = { react, unlock };
  const setReaction = useCallback(
    (messageId: string, reaction: Reaction | null) => {
      actions.current.react.mutate({ chatId: chat.id, messageId, reaction });
      if (reaction === 'THUMBS_DOWN') setFeedbackFor(messageId);
    },
    [chat.id],
  );
  const unlockAttachment = useCallback(
    (messageId: string, attachmentId: string) => actions.current.unlock.mutate({ chatId: chat.id, messageId, attachmentId }),
    [chat.id],
  );

  return (
    <div className={classes.frame}>
      <ChatHeader
        name={talent.name}
        tag={talent.tag}
        pictureUrl={talent.profilePictureUrl}
        balance={balance}
        signInPath={isAnonymous ? signInPath : undefined}
        onSignIn={onSignIn}
        onGetCredits={openSheet && (() => openSheet('credits'))}
        subscribedUntil={isSubscribed ? subscribedUntil : null}
        menu={
          <ChatMenu
            push={push}
            chatId={chat.id}
            twinName={twinFirstName}
            twinTag={talent.tag}
            onShowMemory={() => setMemoryOpen(true)}
            onShowAccount={isAnonymous ? undefined : () => setAccountOpen(true)}
          />
        }
        testChat={isTestChat}
      />
      {checkoutReturn.notice && <CheckoutStatus notice={checkoutReturn.notice} onDismiss={checkoutReturn.dismiss} />}

      <div
        className={classes.scroller}
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-label={`Conversation with ${talent.name}`}
        data-testid="chat-scroller"
      >
        {atStart ? (
          <>
            <ChatIntro
              name={talent.name}
              pictureUrl={talent.profilePictureUrl}
              creditsToSendMessage={talent.creditsToSendMessage}
              isSubscribed={isSubscribed}
            />
            {welcomeMessages.map((message, index) => (
              <MessageRow
                key={message.id}
                id={message.id}
                kind="welcome"
                side="twin"
                text={message.text}
                attachments={message.attachments}
                isFirstInGroup={index === 0}
                isLastInGroup={index === welcomeMessages.length - 1}
                twin={twin}
              />
            ))}
          </>
        ) : (
          <Center py="sm">
            <Button variant="light" size="xs" onClick={loadOlder} loading={query.isFetchingNextPage}>
              Load more
            </Button>
          </Center>
        )}

        {query.isPending && (
          <Center py="lg" role="status" aria-label="Loading messages">
            <Loader type="dots" />
          </Center>
        )}
        {query.isError && !query.data && (
          <div style={{ padding: '12px 4px' }}>
            <ErrorAlert error={query.error} title="Could not load the messages" onRetry={() => void query.refetch()} />
          </div>
        )}
        {query.isSuccess && messages.length === 0 && welcomeMessages.length === 0 && !pendingText && (
          <Text ta="center" c="dimmed" fz="sm" py="md">
            No messages yet. Say hi to {talent.name} 👋
          </Text>
        )}

        {timeline.map((entry) =>
          entry.kind === 'day' ? (
            <div key={entry.key} className={classes.day}>
              <span className={classes.dayLabel}>{entry.label}</span>
            </div>
          ) : entry.message.notice ? (
            <ChatNoticeLine key={entry.key} message={entry.message} />
          ) : entry.message.safetyReply ? (
            <SafetyReplyCard key={entry.key} message={entry.message} twinName={talent.name} />
          ) : (
            <MessageRow
              key={entry.key}
              id={entry.message.id}
              side={entry.message.senderType === 'USER' ? 'fan' : 'twin'}
              text={entry.message.text}
              attachments={entry.message.attachments}
              time={formatMessageTime(entry.message.createdAt)}
              dateTime={entry.message.createdAt}
              isFirstInGroup={entry.isFirstInGroup}
              isLastInGroup={entry.isLastInGroup}
              twin={twin}
              takesReaction={takesReactions(entry.message)}
              reaction={entry.message.reaction}
              note={messageNote(entry.message, twin.name)}
              onReact={setReaction}
              onUnlock={unlockAttachment}
              unlockingId={
                unlock.isPending && unlock.variables?.messageId === entry.message.id ? unlock.variables.attachmentId : null
              }
              callToAction={
                callToAction?.messageId === entry.message.id
                  ? {
                      kind: callToAction.kind,
                      onBuyCredits: () => openSheet?.('credits'),
                      onSubscribe: () => openSheet?.('subscribe'),
                      signInPath,
                      onSignIn,
                    }
                  : undefined
              }
            />
          ),
        )}
        {pendingText && (
          <MessageRow
            id="pending"
            kind="pending"
            side="fan"
            text={pendingText}
            attachments={[]}
            time="…"
            isFirstInGroup={messages.at(-1)?.senderType !== 'USER'}
            isLastInGroup
            twin={twin}
            pending
          />
        )}
        {replyDraft ? (
          <MessageRow
            id={`draft-${replyDraft.replyTo}`}
            kind="draft"
            side="twin"
            text={replyDraft.text}
            attachments={[]}
            time="…"
            isFirstInGroup
            isLastInGroup
            twin={twin}
          />
        ) : (
          <>
            {awaiting === 'typing' && <TypingIndicator name={talent.name} pictureUrl={talent.profilePictureUrl} />}
            {awaiting === 'soon' && <AnswerSoonNotice name={talent.name} />}
          </>
        )}
      </div>

      <div className={classes.footer}>
        {readingBack && (
          <ActionIcon
            className={classes.toLatest}
            variant="white"
            size={40}
            radius="xl"
            aria-label="Jump to the newest"
            onClick={scrollToLatest}
          >
            <IconChevronDown size={22} />
          </ActionIcon>
        )}
        {ageGate && (
          <Suspense fallback={null}>
            <AgeGate twinName={talent.name} onConfirmed={() => setOpenChatAgeConfirmed(queryClient, talent.tag)} />
          </Suspense>
        )}
        {!ageGate && step === 'sign-in' && <SignInNotice twinName={talent.name} signInPath={signInPath} onSignIn={onSignIn} />}
        {!ageGate && step === 'get-credits' && (
          <OutOfCreditsNotice
            twinName={talent.name}
            creditsToSendMessage={talent.creditsToSendMessage}
            balance={balance}
            onBuyCredits={() => setSheet('credits')}
          />
        )}
        {showStarters && !composerBlocked && !ageGate && (
          <StarterChips starters={starters} onPick={(starter) => sendText(starter.text, starter.id)} disabled={send.isPending} />
        )}
        {!composerBlocked && !ageGate && (
          <Composer
            value={draft}
            onChange={setDraft}
            onSend={(text) => sendText(text)}
            placeholder={`Message ${talent.name.split(' ')[0] ?? talent.name}…`}
            sending={send.isPending}
          />
        )}
      </div>

      {/* A boundary each: one sheet's code arriving never hides another that is open. */}
      {memoryBuilt && (
        <Suspense fallback={null}>
          <MemorySheet opened={memoryOpen} onClose={() => setMemoryOpen(false)} chatId={chat.id} twinName={twinFirstName} />
        </Suspense>
      )}
      {accountBuilt && (
        <Suspense fallback={null}>
          <AccountSheet opened={accountOpen} onClose={() => setAccountOpen(false)} />
        </Suspense>
      )}
      {feedbackBuilt && (
        <Suspense fallback={null}>
          <FeedbackDialog
            opened={feedbackFor !== null}
            onClose={() => setFeedbackFor(null)}
            pending={react.isPending}
            onSubmit={(feedback) => {
              const messageId = feedbackFor;
              if (!messageId) return;
              react.mutate(
                { chatId: chat.id, messageId, reaction: 'THUMBS_DOWN', ...(feedback ? { feedback } : {}) },
                { onSuccess: () => setFeedbackFor(null) },
              );
            }}
          />
        </Suspense>
      )}
      {!isAnonymous && creditsBuilt && (
        <Suspense fallback={null}>
          <CreditsSheet
            intent={sheet}
            onClose={() => setSheet(null)}
            talent={talent}
            balance={balance}
            subscribedUntil={isSubscribed ? subscribedUntil : null}
            isSubscribed={isSubscribed}
          />
        </Suspense>
      )}
    </div>
  );
});
