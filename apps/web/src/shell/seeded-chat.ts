// The chat the entry opened early (shell/early-calls.ts), kept for the messenger's first render:
// useOpenChat takes it as its initial data instead of calling `chat.open` a second time, which
// would make a second anonymous fan. It is forgotten once the messenger's query holds it
// (app.tsx), so a later visit to the chat opens it afresh, as the hook's `gcTime: 0` intends.

let seeded: { tag: string; result: unknown } | null = null;

export function seedOpenedChat(talentTag: string, result: unknown): void {
  seeded = { tag: talentTag.toLowerCase(), result };
}

/** The early answer for this tag, if the entry opened it and nothing has taken it yet. */
export function seededOpenedChat<T>(talentTag: string): T | undefined {
  return seeded?.tag === talentTag.toLowerCase() ? (seeded.result as T) : undefined;
}

export function forgetSeededChat(): void {
  seeded = null;
}
