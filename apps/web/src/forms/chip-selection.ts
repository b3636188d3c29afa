/**
 * The chips' rule (docs/product-rules.md#sign-in-waitlist-and-onboarding-fields): a pick beyond the maximum is ignored, and with a maximum of 1 a pick
 * replaces the choice. `next` is what the chip group proposes after one click.
 */
export function applyChipSelection(previous: readonly string[], next: readonly string[], max: number): string[] {
  const added = next.filter((value) => !previous.includes(value));
  const kept = previous.filter((value) => next.includes(value));
  if (added.length === 0) return kept;
  if (max === 1) return added.slice(-1);
  const room = Math.max(max - kept.length, 0);
  return [...kept, ...added.slice(0, room)];
}

/** Toggles one value under the same rule, for chips that are not in a group. */
export function toggleChip(previous: readonly string[], value: string, max: number): string[] {
  return previous.includes(value)
    ? previous.filter((item) => item !== value)
    : applyChipSelection(previous, [...previous, value], max);
}
