// Pure: which of a fan's memories go into a reply prompt, and how the system message shows them.
import type { FanMemoryNote } from '../../ports/llm.ts';

/** At most this many notes, newest first: enough for a name, pets and a few likes. */
export const memoryPromptLimit = 20;
/** And at most this many characters of notes, so a chatty fan cannot crowd out the persona. */
export const memoryPromptMaxChars = 1500;

export const memorySectionHeading = 'What you remember about this fan (use it naturally, never list it back):';

/** The newest notes that fit both caps, in the order given (newest first). */
export function selectPromptMemories<T extends FanMemoryNote>(newestFirst: readonly T[]): T[] {
  const chosen: T[] = [];
  let chars = 0;
  for (const memory of newestFirst) {
    if (chosen.length >= memoryPromptLimit) break;
    const cost = memory.text.length + 3;
    if (chars + cost > memoryPromptMaxChars) break;
    chosen.push(memory);
    chars += cost;
  }
  return chosen;
}

/** The clearly delimited section of the system message; empty when nothing is remembered. */
export function formatMemorySection(memories: readonly FanMemoryNote[]): string {
  if (memories.length === 0) return '';
  return `${memorySectionHeading}\n${memories.map((memory) => `- ${memory.text}`).join('\n')}`;
}

/** What an extraction gave, made safe to store: trimmed, one line, no trailing period, capped, deduplicated. */
export function cleanExtractedMemories(notes: readonly FanMemoryNote[], limit = 10): FanMemoryNote[] {
  const kinds = new Set(['NAME', 'FACT', 'PREFERENCE', 'EVENT']);
  const seen = new Set<string>();
  const clean: FanMemoryNote[] = [];
  for (const note of notes) {
    if (!kinds.has(note.kind) || typeof note.text !== 'string') continue;
    const text = note.text
      .replace(/\s+/g, ' ')
      .trim()
      .replace(/[.\s]+$/, '')
      .slice(0, 300)
      .trim();
    const key = text.toLowerCase();
    if (text === '' || seen.has(key)) continue;
    seen.add(key);
    clean.push({ kind: note.kind, text });
    if (clean.length >= limit) break;
  }
  return clean;
}
