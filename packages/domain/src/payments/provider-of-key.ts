/** The provider a movement key names (`stripe:…`, `apple:…`, `google:…`, `sandbox:…`). */
export function providerOfKey(key: string): 'stripe' | 'apple' | 'google' | 'sandbox' {
  const prefix = key.slice(0, key.indexOf(':'));
  if (prefix === 'stripe' || prefix === 'apple' || prefix === 'google' || prefix === 'sandbox') return prefix;
  throw new Error(`unknown movement key ${key}`);
}
