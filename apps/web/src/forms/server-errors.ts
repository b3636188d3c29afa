/**
 * Splits the server's field errors into those a step's form can show on a field and the rest
 * (for example `id` -> "Talent ID is not defined"), which the step shows above its buttons.
 */
export function splitFieldErrors(
  fieldErrors: Record<string, string[]> | null,
  formFields: readonly string[],
): { onFields: Record<string, string>; other: string | null } {
  const onFields: Record<string, string> = {};
  let other: string | null = null;
  for (const [field, messages] of Object.entries(fieldErrors ?? {})) {
    const first = messages[0];
    if (!first) continue;
    if (formFields.includes(field)) onFields[field] = first;
    else other ??= first;
  }
  return { onFields, other };
}
