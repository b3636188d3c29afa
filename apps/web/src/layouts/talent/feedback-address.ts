/** The board's address with the signed token the feedback service reads to sign the creator in. */
export function boardAddress(url: string, token: string): string {
  try {
    const address = new URL(url);
    address.searchParams.set('token', token);
    return address.toString();
  } catch {
    return `${url}${url.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
  }
}
