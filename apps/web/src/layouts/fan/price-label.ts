// Credit amounts as the fan reads them. Pure, unit-tested.

export type Balance = { credits: number; paidCredits: number };

/** "1 credit", "5 credits". */
export function creditsLabel(amount: number): string {
  return `${amount} ${amount === 1 ? 'credit' : 'credits'}`;
}

/** The label of an unlock button: "Unlock for 5 credits", or "Unlock for free" at price 0. */
export function unlockLabel(price: number): string {
  return price <= 0 ? 'Unlock for free' : `Unlock for ${creditsLabel(price)}`;
}

/** Free and paid credits together: what the fan can spend. */
export function totalCredits(balance: Balance): number {
  return balance.credits + balance.paidCredits;
}

/** The balance in words, for the header's tooltip and screen readers: "12 credits (10 free, 2 paid)". */
export function balanceDescription(balance: Balance): string {
  return `${creditsLabel(totalCredits(balance))} (${balance.credits} free, ${balance.paidCredits} paid)`;
}

/**
 * What the fan must do before the next message goes through: nothing, sign in (an anonymous fan
 * out of credits; an account comes before any purchase), or get credits (a signed-in fan). While
 * the fan's subscription to the twin is active, messages cost nothing, so the balance never stops them.
 */
export function nextStep(input: {
  balance: Balance;
  isAnonymous: boolean;
  creditsToSendMessage: number;
  isSubscribed: boolean;
}): 'chat' | 'sign-in' | 'get-credits' {
  if (input.isSubscribed || totalCredits(input.balance) >= input.creditsToSendMessage) return 'chat';
  return input.isAnonymous ? 'sign-in' : 'get-credits';
}

/** Whether a subscription paid until `subscribedUntil` (ISO, or null) still makes messages free at `now`. */
export function isSubscribedAt(subscribedUntil: string | null, now: number): boolean {
  if (!subscribedUntil) return false;
  const until = Date.parse(subscribedUntil);
  return Number.isNaN(until) || until > now;
}

type CallToAction = 'SIGN_IN' | 'CHECKOUT' | 'SUBSCRIBE';

/**
 * The twin's out-of-credits answer that shows the way forward: only the newest one, and only while
 * it still applies (signing in is for an anonymous fan, buying for a signed-in one; a subscribed fan
 * is offered credits rather than the subscription they have).
 */
export function callToActionOf(
  messages: readonly { id: string; senderType: 'USER' | 'TALENT'; callToAction: CallToAction | null }[],
  fan: { isAnonymous: boolean; isSubscribed: boolean },
): { messageId: string; kind: CallToAction } | null {
  const answer = messages.findLast((message) => message.senderType === 'TALENT' && message.callToAction !== null);
  const kind = answer?.callToAction;
  if (!answer || !kind) return null;
  if ((kind === 'SIGN_IN') !== fan.isAnonymous) return null;
  return { messageId: answer.id, kind: kind === 'SUBSCRIBE' && fan.isSubscribed ? 'CHECKOUT' : kind };
}

/**
 * Whether the twin has already told a fan who cannot pay what to do: its latest message is the
 * out-of-credits answer for this situation. Then sending again would only be refused (the server
 * says it once), so the messenger shows the way forward instead of the composer.
 */
export function saidWhatToDo(
  step: 'chat' | 'sign-in' | 'get-credits',
  messages: readonly { senderType: 'USER' | 'TALENT'; callToAction: CallToAction | null }[],
): boolean {
  if (step === 'chat') return false;
  const latest = messages.findLast((message) => message.senderType === 'TALENT');
  if (!latest?.callToAction) return false;
  return step === 'sign-in' ? latest.callToAction === 'SIGN_IN' : latest.callToAction !== 'SIGN_IN';
}
