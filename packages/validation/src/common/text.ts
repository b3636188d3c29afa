// Control characters in text. Postgres refuses NUL (U+0000) in text and jsonb, so a NUL in any
// input string answered 500. No one types the other C0 controls either (tab, line feed and carriage
// return excepted); they only hide or garble text. The API refuses them in every input, whatever
// its schema (apps/api/src/trpc/input-text.ts), so a string field added later is covered too.

export const controlCharactersMessage = 'Must not contain control characters';

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const controlCharacters = /[\u0000-\u0008\u000B\u000C\u000E-\u001F]/;

export function hasControlCharacters(text: string): boolean {
  return controlCharacters.test(text);
}

/**
 * The path of the first string, or object key, inside a parsed JSON value that holds a control
 * character; undefined when there is none. Walks with its own stack, so deep nesting cannot
 * overflow the call stack.
 */
export function findControlCharacters(value: unknown): Array<string | number> | undefined {
  // Each entry knows its parent: the path is spelled out only for the one that is found.
  type Entry = { value: unknown; key: string | number; parent: Entry | undefined };
  const pathOf = (entry: Entry | undefined): Array<string | number> => {
    const path: Array<string | number> = [];
    // Pushed and turned round once: unshift moves the whole array each time (quadratic when deep).
    for (let at = entry; at?.parent; at = at.parent) path.push(at.key);
    return path.reverse();
  };
  const stack: Entry[] = [{ value, key: '', parent: undefined }];
  for (let entry = stack.pop(); entry; entry = stack.pop()) {
    const current = entry.value;
    if (typeof current === 'string') {
      if (hasControlCharacters(current)) return pathOf(entry);
    } else if (Array.isArray(current)) {
      for (let index = current.length - 1; index >= 0; index--) stack.push({ value: current[index], key: index, parent: entry });
    } else if (typeof current === 'object' && current !== null) {
      const entries = Object.entries(current);
      for (const [key] of entries) if (hasControlCharacters(key)) return [...pathOf(entry), key];
      for (let index = entries.length - 1; index >= 0; index--) {
        const [key, child] = entries[index] as [string, unknown];
        stack.push({ value: child, key, parent: entry });
      }
    }
  }
  return undefined;
}
