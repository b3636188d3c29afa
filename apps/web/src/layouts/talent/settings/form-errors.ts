/**
 * Renames the error paths of a schema that names a list differently from the form
 * (`chatMessageSuggestions.0.text` -> `starters.0.text`); the list's own error keeps the form's name.
 */
export function renameErrorPaths(errors: Record<string, unknown>, from: string, to: string): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) {
    if (typeof message !== 'string') continue;
    const renamed = path === from || path.startsWith(`${from}.`) ? `${to}${path.slice(from.length)}` : path;
    result[renamed] ??= message;
  }
  return result;
}
