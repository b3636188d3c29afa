// The reminders' pure rules (docs/safety.md, Reminders): companion-chat laws (California SB 243,
// New York GBL Art. 47) ask for a clear "this is an AI" notice at the start of a conversation and
// again every three hours while it continues, and a take-a-break reminder for known minors.
import type { ChatNoticeKind } from '@doppel/validation';

/** How long a conversation goes on before the AI notice (and a minor's break reminder) is repeated. */
export const reminderIntervalMs = 3 * 3_600_000;

/**
 * The system lines due before this fan message, in the order they are shown. `since` is when the
 * fan was last told: the chat's latest reminder, else its first fan message (the messenger's AI
 * notice stands above the conversation from its start); null for a chat's first message, which the
 * notice above it covers. Due when that was three hours ago or longer.
 */
export function dueReminders(input: { since: Date | null; now: Date; fanIsMinor: boolean }): ChatNoticeKind[] {
  if (!input.since || input.now.getTime() - input.since.getTime() < reminderIntervalMs) return [];
  return input.fanIsMinor ? ['AI_REMINDER', 'BREAK_REMINDER'] : ['AI_REMINDER'];
}

/** The text stored with each system line; the twin's name is written in when it is sent. */
export function reminderText(kind: ChatNoticeKind, twinName: string): string {
  return kind === 'AI_REMINDER'
    ? `Reminder: you are chatting with an AI, not with ${twinName} in person. ${twinName} does not write these messages.`
    : 'You have been chatting for a while. Time for a break? The chat will be here when you come back.';
}
