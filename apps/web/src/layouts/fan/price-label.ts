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
 * out of credits; an account comes before any purchase), or get credits (a signed-in fan).
 */
export function nextStep(input: {
  balance: Balance;
  isAnonymous: boolean;
  creditsToSendMessage: number;
}): 'chat' | 'sign-in' | 'get-credits' {
  if (totalCredits(input.balance) >= input.creditsToSendMessage) return 'chat';
  return input.isAnonymous ? 'sign-in' : 'get-credits';
}
