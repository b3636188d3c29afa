/**
 * The unique index or constraint whose violation (Postgres error 23505) made a statement fail, or
 * undefined when it failed for another reason. Drizzle wraps the driver's error, so the causes
 * are searched too.
 */
export function violatedUniqueConstraint(error: unknown): string | undefined {
  for (let current = error; current !== null && typeof current === 'object'; current = (current as { cause?: unknown }).cause) {
    const { code, constraint_name: name } = current as { code?: unknown; constraint_name?: unknown };
    if (code === '23505') return typeof name === 'string' ? name : '';
  }
  return undefined;
}
