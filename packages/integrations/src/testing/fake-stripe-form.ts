// Stripe's request encoding: form fields with bracketed nested keys (`line_items[0][price_data][unit_amount]=500`,
// `metadata[userId]=u1`, `expand[0]=lines`), as the SDK's stringifyRequestData writes them; GET sends the
// same in the query string. Parsed into plain objects, with arrays where the keys are 0…n-1.

export type FormValue = string | FormValue[] | FormObject;
export type FormObject = { [key: string]: FormValue };

/** Thrown for a body Stripe would refuse to parse (400 invalid_request_error). */
export class FakeStripeError extends Error {
  readonly status: number;
  readonly type: string;
  readonly code: string | undefined;
  readonly param: string | undefined;
  constructor(status: number, message: string, details: { type?: string; code?: string; param?: string } = {}) {
    super(message);
    this.name = 'FakeStripeError';
    this.status = status;
    this.type = details.type ?? (status >= 500 ? 'api_error' : 'invalid_request_error');
    this.code = details.code;
    this.param = details.param;
  }
}

const KEY = /^([^[\]]+)((?:\[[^[\]]*\])*)$/;

export function parseStripeForm(text: string): FormObject {
  const root: FormObject = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const match = KEY.exec(key);
    if (!match?.[1]) throw new FakeStripeError(400, `Invalid parameter name: ${key}`, { param: key });
    const path = [match[1], ...[...(match[2] ?? '').matchAll(/\[([^[\]]*)\]/g)].map((part) => part[1] ?? '')];
    assign(root, path, value, key);
  }
  return Object.fromEntries(Object.entries(root).map(([key, value]) => [key, toArrays(value)]));
}

function assign(root: FormObject, path: string[], value: string, key: string): void {
  let node: FormObject = root;
  for (const [index, segment] of path.entries()) {
    // `a[]` appends, like qs: give it the next free index.
    const name = segment === '' ? String(Object.keys(node).length) : segment;
    if (index === path.length - 1) {
      node[name] = value;
      return;
    }
    const next = node[name] ?? {};
    if (typeof next === 'string' || Array.isArray(next)) {
      throw new FakeStripeError(400, `Invalid parameter: ${key} mixes a value and nested keys`, { param: key });
    }
    node[name] = next;
    node = next;
  }
}

function toArrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted: FormObject = {};
  for (const key of keys) converted[key] = toArrays(value[key] ?? '');
  const isList = keys.length > 0 && keys.every((key, index) => key === String(index));
  return isList ? keys.map((key) => converted[key] ?? '') : converted;
}

// Readers that answer like Stripe when a field has the wrong shape; `parent` names the enclosing
// parameter (`line_items[0]`) so errors point at `line_items[0][quantity]` as Stripe's do.
const paramName = (parent: string, name: string) => (parent ? `${parent}[${name}]` : name);

export const optionalString = (params: FormObject, name: string, parent = ''): string | null => {
  const value = params[name];
  if (value === undefined || value === '') return null;
  const param = paramName(parent, name);
  if (typeof value !== 'string') throw new FakeStripeError(400, `Invalid string: ${param}`, { param });
  return value;
};

export const requiredString = (params: FormObject, name: string, parent = ''): string => {
  const value = optionalString(params, name, parent);
  const param = paramName(parent, name);
  if (value === null) throw new FakeStripeError(400, `Missing required param: ${param}.`, { param });
  return value;
};

export const optionalInteger = (params: FormObject, name: string, parent = ''): number | null => {
  const value = optionalString(params, name, parent);
  if (value === null) return null;
  if (!/^-?\d+$/.test(value)) throw new FakeStripeError(400, `Invalid integer: ${value}`, { param: paramName(parent, name) });
  return Number(value);
};

export const optionalObject = (params: FormObject, name: string, parent = ''): FormObject | null => {
  const value = params[name];
  if (value === undefined || value === '') return null;
  const param = paramName(parent, name);
  if (typeof value === 'string' || Array.isArray(value)) throw new FakeStripeError(400, `Invalid object: ${param}`, { param });
  return value;
};

export const readMetadata = (params: FormObject, name: string, parent = ''): Record<string, string> => {
  const param = paramName(parent, name);
  const result: Record<string, string> = {};
  for (const [key, value] of Object.entries(optionalObject(params, name, parent) ?? {})) {
    if (typeof value !== 'string')
      throw new FakeStripeError(400, `Invalid metadata: ${param}[${key}] must be a string`, { param });
    if (key.length > 40 || value.length > 500) {
      throw new FakeStripeError(400, 'Metadata keys are limited to 40 characters and values to 500', { param });
    }
    result[key] = value;
  }
  return result;
};
