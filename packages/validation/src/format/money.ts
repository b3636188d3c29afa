// Money as text, shared by the web app, the first-paint shell, the ops CLI and the statements.
// It lives here because every side already imports @doppel/validation and the package pulls in
// no server code. Amounts are integers end to end: the decimal point is placed by string
// arithmetic, so no binary fraction ever touches money.
import { microUsdPerCent } from '../common/business.ts';

function assertExact(amount: number): void {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`${amount} is not an exact integer`);
}

/** `amount` integer units of 10^-digits as exact decimal text: (123456, 2) -> "1234.56", (-5, 6) -> "-0.000005". */
export function decimalText(amount: number, digits: number): string {
  assertExact(amount);
  const sign = amount < 0 ? '-' : '';
  const text = String(Math.abs(amount)).padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/** "1234567" -> "1,234,567" (en-US grouping of a whole number's digits). */
function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * A whole number as people read it: 1234567 -> "1,234,567". By hand rather than toLocaleString: a
 * page's first Intl number format loads the locale's data, a 40 to 150 ms task on a phone
 * (docs/architecture.md#performance), and a count needs only its commas.
 */
export function formatCount(count: number): string {
  assertExact(count);
  return `${count < 0 ? '-' : ''}${groupThousands(String(Math.abs(count)))}`;
}

/** Decimal text ("-1234.5") after its symbol, as people read it: ("-1234.56", "$") -> "-$1,234.56". */
function moneyText(decimal: string, symbol: string): string {
  const sign = decimal.startsWith('-') ? '-' : '';
  const [whole = '0', fraction] = decimal.replace('-', '').split('.');
  return `${sign}${symbol}${groupThousands(whole)}${fraction === undefined ? '' : `.${fraction}`}`;
}

/** Dollars text ("-0.000005") as people read it: "-$0.000005", "$1,234.56". */
function usdText(decimal: string): string {
  return moneyText(decimal, '$');
}

/**
 * The symbols en-US writes before an amount, for the currencies fans pay in most; any other
 * currency is written as its code and a non-breaking space, as Intl does ("CHF 10.00").
 */
const currencySymbols: Readonly<Record<string, string>> = {
  USD: '$',
  EUR: '€',
  GBP: '£',
  JPY: '¥',
  CAD: 'CA$',
  AUD: 'A$',
  NZD: 'NZ$',
  HKD: 'HK$',
  TWD: 'NT$',
  MXN: 'MX$',
  BRL: 'R$',
  CNY: 'CN¥',
  INR: '₹',
  KRW: '₩',
  ILS: '₪',
  PHP: '₱',
  VND: '₫',
};

/**
 * A price in integer minor units as en-US money text: (123456, 2, 'usd') -> "$1,234.56",
 * (500, 0, 'JPY') -> "¥500", (1000, 2, 'CHF') -> "CHF 10.00". By hand for the reason formatCount
 * is: a page's first Intl currency format cost a 28 ms task (110 ms at a phone's speed) on the
 * back-office's Payments list.
 */
export function formatMinorUnits(amount: number, fractionDigits: number, currency: string): string {
  const code = currency.toUpperCase();
  return moneyText(decimalText(amount, fractionDigits), currencySymbols[code] ?? `${code}\u00a0`);
}

/** Whole US cents as money text: 123456 -> "$1,234.56", -60 -> "-$0.60". */
export function formatCents(cents: number): string {
  return usdText(decimalText(cents, 2));
}

/**
 * Micro-USD to whole cents, floored (the disbursable amount is floored to cents). A negative
 * amount (a month whose refunds outweigh its earnings) floors away from zero, never in its favour.
 */
export function microUsdToCentsFloor(microUsd: number): number {
  assertExact(microUsd);
  // Integer arithmetic: the remainder is taken off before dividing, so the quotient is exact.
  const remainder = ((microUsd % microUsdPerCent) + microUsdPerCent) % microUsdPerCent;
  const cents = (microUsd - remainder) / microUsdPerCent;
  return cents === 0 ? 0 : cents; // no -0, which would print "-$0.00"
}

/** Headline money: micro-USD floored to whole cents, as the server floors it: -5_000 -> "-$0.01". */
export function formatMicroUsdCents(microUsd: number): string {
  return formatCents(microUsdToCentsFloor(microUsd));
}

/**
 * Exact earnings: micro-USD with at least cents and every further digit that is not zero, so a
 * 3 % referral share of a credit still shows: 60_000 -> "$0.06", 3_000 -> "$0.003".
 */
export function formatMicroUsd(microUsd: number): string {
  const decimal = decimalText(microUsd, 6).replace(/0{1,4}$/, '');
  return usdText(decimal);
}
