// LIKE patterns from what an admin typed in a search box: the wildcards and the escape character
// they type match themselves, so "50%" finds "50%", not everything that starts with "50".

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Values that start with `text` (an index with text_pattern_ops serves it). */
export function likePrefix(text: string): string {
  return `${escapeLike(text)}%`;
}

/** Values that contain `text`. */
export function likeContains(text: string): string {
  return `%${escapeLike(text)}%`;
}
