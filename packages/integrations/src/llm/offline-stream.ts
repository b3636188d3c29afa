// The offline engine writes its reply word by word, like a model streaming tokens, so the messenger's
// growing bubble works (and is tested) with no model configured. The pace is capped: a reply never
// takes more than about `maxTotalMs` longer than it would unstreamed, which keeps the e2e suite quick.
import { setTimeout as delay } from 'node:timers/promises';

export type OfflineStreamPace = { wordDelayMs: number; maxTotalMs: number };

export const defaultOfflinePace: OfflineStreamPace = { wordDelayMs: 40, maxTotalMs: 1_500 };

/** Each word with the space before it, so the pieces join back into the text exactly. */
export const offlineWords = (text: string): string[] => text.match(/\s*\S+|\s+$/g) ?? [];

/** Calls `onText` with the text so far after each word; resolves once the whole text was given. */
export async function streamOfflineText(
  text: string,
  onText: (textSoFar: string) => void,
  pace: OfflineStreamPace = defaultOfflinePace,
): Promise<void> {
  const words = offlineWords(text);
  const wait = words.length > 0 ? Math.min(pace.wordDelayMs, pace.maxTotalMs / words.length) : 0;
  let soFar = '';
  for (const word of words) {
    if (wait > 0) await delay(wait);
    soFar += word;
    onText(soFar);
  }
}
