// How the messenger lays out a conversation: pages merged into one chronological list, day
// separators, runs of messages from one sender, and whether the twin is still typing. Pure, so the
// rules are unit-tested without a browser.

/** The fields of a chat message the layout rules read. */
export type TimelineMessage = { id: string; senderType: 'USER' | 'TALENT'; createdAt: string };

export type TimelineEntry<M extends TimelineMessage> =
  | { kind: 'day'; key: string; label: string }
  | {
      kind: 'message';
      key: string;
      message: M;
      /** First of a run from the same sender: the bubble gets the full rounded corner on top. */
      isFirstInGroup: boolean;
      /** Last of a run: the twin's avatar sits beside it. */
      isLastInGroup: boolean;
    };

/** Messages from one sender closer together than this read as one run. */
export const groupGapMs = 5 * 60_000;

/**
 * Pages of `chat.messages` (newest first, each page newest first) as one list, oldest first. A
 * message can sit in two pages while a refetch races a new message; it is listed once.
 */
export function mergePages<M extends TimelineMessage>(pages: readonly { items: readonly M[] }[]): M[] {
  const seen = new Set<string>();
  const merged: M[] = [];
  for (const page of pages) {
    for (const message of page.items) {
      if (seen.has(message.id)) continue;
      seen.add(message.id);
      merged.push(message);
    }
  }
  // Stable sort: messages with the same timestamp keep the server's order (newest first, reversed).
  return merged.reverse().sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
}

const dayKey = (date: Date) => `${date.getFullYear()}-${date.getMonth() + 1}-${date.getDate()}`;
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const weekdays = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** "Today", "Yesterday", a weekday within the last week, else "3 Mar" (this year) or "3 Mar 2024". */
export function dayLabel(date: Date, now: Date): string {
  const startOf = (value: Date) => new Date(value.getFullYear(), value.getMonth(), value.getDate()).getTime();
  const days = Math.round((startOf(now) - startOf(date)) / 86_400_000);
  if (days === 0) return 'Today';
  if (days === 1) return 'Yesterday';
  if (days > 1 && days < 7) return weekdays[date.getDay()] as string;
  const base = `${date.getDate()} ${months[date.getMonth()]}`;
  return date.getFullYear() === now.getFullYear() ? base : `${base} ${date.getFullYear()}`;
}

/** The time under a bubble, "09:05", in the viewer's time zone. */
export function formatMessageTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** The conversation with a separator before each new day and each message's place in its run. */
export function buildTimeline<M extends TimelineMessage>(messages: readonly M[], now: Date): TimelineEntry<M>[] {
  const entries: TimelineEntry<M>[] = [];
  messages.forEach((message, index) => {
    const date = new Date(message.createdAt);
    const previous = messages[index - 1];
    const next = messages[index + 1];
    const previousDate = previous ? new Date(previous.createdAt) : undefined;
    const newDay = !previousDate || dayKey(previousDate) !== dayKey(date);
    if (newDay) entries.push({ kind: 'day', key: `day-${dayKey(date)}`, label: dayLabel(date, now) });
    const joinsPrevious = !newDay && previous !== undefined && sameRun(previous, message);
    const joinsNext = next !== undefined && sameRun(message, next) && dayKey(new Date(next.createdAt)) === dayKey(date);
    entries.push({ kind: 'message', key: message.id, message, isFirstInGroup: !joinsPrevious, isLastInGroup: !joinsNext });
  });
  return entries;
}

function sameRun(earlier: TimelineMessage, later: TimelineMessage): boolean {
  return earlier.senderType === later.senderType && Date.parse(later.createdAt) - Date.parse(earlier.createdAt) <= groupGapMs;
}

/** Starters are offered until the fan has said something. */
export function hasFanSpoken(messages: readonly TimelineMessage[]): boolean {
  return messages.some((message) => message.senderType === 'USER');
}

/** How long the typing indicator waits for a reply before giving up (the job retries within it). */
export const typingTimeoutMs = 90_000;

/** What the fan sees while a reply is on its way: the twin typing, a plain "answers soon", or nothing. */
export type AwaitedReply = 'typing' | 'soon' | null;

/**
 * Whether the twin is still answering: the newest message is the fan's and recent. A message sent
 * from this screen counts from when it was sent here (`sentHereAt`), so a skewed device clock does
 * not hide the indicator; others count from their server time. While the reply waits on the creator
 * (`awaitingCreator`: they took the chat over, or a drafted reply waits for their approval), nobody
 * is writing, so the fan sees "answers soon" rather than typing dots that could last an hour, and
 * with no time-out: silence would read as a broken chat.
 */
export function awaitedReply(
  messages: readonly TimelineMessage[],
  now: number,
  sentHereAt: ReadonlyMap<string, number> = new Map(),
  awaitingCreator = false,
): AwaitedReply {
  const last = messages.at(-1);
  if (last?.senderType !== 'USER') return null;
  if (awaitingCreator) return 'soon';
  const since = sentHereAt.get(last.id) ?? Date.parse(last.createdAt);
  return now - since < typingTimeoutMs ? 'typing' : null;
}
