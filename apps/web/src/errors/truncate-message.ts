/** Longest error text shown to a user (docs/product-rules.md#errors-and-success-messages); the full text still goes to error reporting. */
export const maxDisplayedErrorLength = 100;

/** Shortens a message for display, ending a cut message with an ellipsis inside the limit. */
export function truncateMessage(message: string, limit: number = maxDisplayedErrorLength): string {
  const text = message.trim();
  const characters = Array.from(text); // code points, so an emoji is never split in half
  if (characters.length <= limit) return text;
  return `${characters
    .slice(0, limit - 1)
    .join('')
    .trimEnd()}…`;
}
