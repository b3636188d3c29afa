/**
 * A stored picture's address: absolute URLs and app paths as they are, a bare storage path (as the
 * demo data keeps some) under the API's /files route. The web app shows pictures at it, and the
 * server puts it in the pages it sends (the chat's first paint and link preview).
 */
export function pictureSrc(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  if (/^(https?:|data:|blob:|\/)/.test(url)) return url;
  return `/files/${url}`;
}

/**
 * The media route serves the locked copy before an unlock and the original after, at the same
 * address; a marker for the unlocked state makes the browser load the original instead of keeping
 * the blurred picture it already has.
 */
export function attachmentSrc(url: string, isUnlocked: boolean): string {
  if (!isUnlocked) return url;
  return `${url}${url.includes('?') ? '&' : '?'}unlocked=1`;
}
