// Answers the twin gives at once, without the model. Pure rules, unit-tested.
import type { ChatMessageSuggestion } from '@doppel/db';

export type OutOfCreditsTexts = {
  chatMessageForAuth: string | null;
  chatMessageForCheckout: string | null;
  chatMessageForSubscription: string | null;
  subscriptionProductId: string | null;
};

export type OutOfCreditsAnswer = { kind: 'auth' | 'subscription' | 'checkout'; text: string };

/** The action under each out-of-credits answer (chat_messages.call_to_action). */
export const callToActionOf = { auth: 'SIGN_IN', subscription: 'SUBSCRIBE', checkout: 'CHECKOUT' } as const;

/** Used when the talent left its message empty, so the fan still learns what to do. */
export const defaultOutOfCreditsTexts = {
  auth: 'Sign in to keep chatting with me 💛',
  subscription: 'Subscribe to keep chatting with me ✨',
  checkout: 'You are out of credits. Get more to keep chatting with me ✨',
} as const;

/**
 * What the twin says when the fan cannot pay for a message: an anonymous fan is asked to sign in
 * (an account comes before any purchase); a signed-in fan is offered the talent's subscription
 * when it has one, otherwise a credit checkout.
 */
export function outOfCreditsAnswer(talent: OutOfCreditsTexts, fanIsAnonymous: boolean): OutOfCreditsAnswer {
  const pick = (text: string | null, kind: OutOfCreditsAnswer['kind']): OutOfCreditsAnswer => ({
    kind,
    text: text?.trim() ? text : defaultOutOfCreditsTexts[kind],
  });
  if (fanIsAnonymous) return pick(talent.chatMessageForAuth, 'auth');
  if (talent.subscriptionProductId) return pick(talent.chatMessageForSubscription, 'subscription');
  return pick(talent.chatMessageForCheckout, 'checkout');
}

/**
 * The static answer of the conversation starter the fan picked, when it has one (the talent
 * turned auto-answer off for it); undefined means the model answers.
 */
export function starterAnswer(
  suggestions: readonly ChatMessageSuggestion[],
  suggestionId: string | undefined,
): string | undefined {
  if (!suggestionId) return undefined;
  const answer = suggestions.find((suggestion) => suggestion.id === suggestionId)?.answer?.trim();
  return answer ? answer : undefined;
}

/**
 * Whether the twin would only say again what it just said: its latest message is already the
 * call to action this out-of-credits answer carries. The answer is said once per situation; a new
 * situation (signed in since, or the creator spoke since) gets it again.
 */
export function repeatsOutOfCreditsAnswer(
  latestTwinCallToAction: string | null | undefined,
  kind: OutOfCreditsAnswer['kind'],
): boolean {
  return latestTwinCallToAction === callToActionOf[kind];
}

/** Why a send at 0 credits after the twin's out-of-credits answer is refused: what to do instead. */
export const repeatedOutOfCreditsMessages = {
  auth: 'You’ve used your free credits. Sign in to keep chatting.',
  subscription: 'You’re out of credits. Subscribe or get credits to keep chatting.',
  checkout: 'You’re out of credits. Get credits to keep chatting.',
} as const satisfies Record<OutOfCreditsAnswer['kind'], string>;
