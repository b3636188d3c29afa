// The twin on the creator's own site (talent.embed.*): the sites allowed to show the twin's chat in
// a frame. Each is kept as an origin (scheme, host and port), the unit browsers check a page's
// frame-ancestors against.
import { z } from 'zod';

export const embedOriginsMax = 10;

const originMessage = 'Enter a site address such as https://example.com';

/** Plain http only for a machine of the creator's own, to try the snippet before putting it online. */
const localHosts = new Set(['localhost', '127.0.0.1', '[::1]']);

/** A site address as its origin ("https://example.com/shop" is refused: frames are allowed per site, not per page). */
export const embedOrigin = z
  .string()
  .trim()
  .min(1, originMessage)
  .transform((value, ctx) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: originMessage });
      return z.NEVER;
    }
    const local = localHosts.has(url.hostname);
    if (url.protocol !== 'https:' && !(url.protocol === 'http:' && local)) {
      ctx.addIssue({ code: 'custom', message: 'Use the https:// address of your site' });
      return z.NEVER;
    }
    if (url.username || url.password || url.search || url.hash || (url.pathname !== '/' && url.pathname !== '')) {
      ctx.addIssue({ code: 'custom', message: 'Enter only the site, without a page path, such as https://example.com' });
      return z.NEVER;
    }
    return url.origin;
  });

export const embedSettingsInput = z.object({
  origins: z
    .array(embedOrigin)
    .max(embedOriginsMax, `Add at most ${embedOriginsMax} sites`)
    // The same site twice is one site.
    .transform((origins) => [...new Set(origins)]),
});
export type EmbedSettingsInput = z.infer<typeof embedSettingsInput>;

export const embedSettingsOutput = z.object({
  /** The twin's tag: the snippet names it. */
  tag: z.string(),
  origins: z.array(z.string()),
});
export type EmbedSettings = z.infer<typeof embedSettingsOutput>;

/** `chat.embedSignIn.start`: the framed chat's twin; answers the page the frame opens in a new tab. */
export const embedSignInStartInput = z.object({
  talentTag: z.string().trim().min(1, 'Talent tag is not defined').max(100, 'Talent tag is too long.'),
});
export const embedSignInStartOutput = z.object({ path: z.string() });

/** The one-time token of a framed chat's sign-in, from the page's address. */
export const embedSignInTokenInput = z.object({
  token: z
    .string()
    .min(1, 'This sign-in link is incomplete. Press Sign in in the chat again.')
    .max(200, 'This sign-in link is incomplete. Press Sign in in the chat again.'),
});
export const embedSignInDescribeOutput = z.object({ twinName: z.string(), twinTag: z.string() });
export const embedSignInConfirmOutput = z.object({ twinTag: z.string().nullable() });
