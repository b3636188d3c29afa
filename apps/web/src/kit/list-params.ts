// A list's filters live in the address (?filter=…&sort=…&q=…), so a reload, a shared link or the
// way back from a detail keeps them. Pure, unit-tested.

/** One address parameter: a fixed set of choices with a default, or free text (a search). */
export type ListParam = { options: readonly string[]; default: string } | { text: true; maxLength?: number };

export type ListParamsSpec = Record<string, ListParam>;

export type ListParamValues<Spec extends ListParamsSpec> = {
  [Key in keyof Spec]: Spec[Key] extends { options: readonly (infer Option)[] } ? Option : string;
};

/** The values from the address; an unknown choice falls back to the default, text is trimmed. */
export function readListParams<Spec extends ListParamsSpec>(params: URLSearchParams, spec: Spec): ListParamValues<Spec> {
  const values: Record<string, string> = {};
  for (const [key, param] of Object.entries(spec)) {
    const raw = params.get(key);
    if ('text' in param) values[key] = (raw ?? '').trim().slice(0, param.maxLength ?? 100);
    else values[key] = raw !== null && param.options.includes(raw) ? raw : param.default;
  }
  return values as ListParamValues<Spec>;
}

/** The address for new values: defaults and empty text are left out, other parameters kept. */
export function writeListParams<Spec extends ListParamsSpec>(
  params: URLSearchParams,
  spec: Spec,
  next: Partial<ListParamValues<Spec>>,
): URLSearchParams {
  const result = new URLSearchParams(params);
  for (const [key, value] of Object.entries(next) as Array<[string, string | undefined]>) {
    const param = spec[key];
    if (!param || value === undefined) continue;
    const isDefault = 'text' in param ? value.trim() === '' : value === param.default;
    if (isDefault) result.delete(key);
    else result.set(key, 'text' in param ? value.trim() : value);
  }
  return result;
}
