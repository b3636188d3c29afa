// Just enough of a browser for redirect flows: follows nothing by itself (each hop is checked),
// keeps the cookies one site sets and sends them back to that site only.
export type Hop = { status: number; location: string | undefined; response: Response };

export type Browser = {
  /** One request without following redirects; cookies go only to `site`. */
  request: (url: string, init?: RequestInit) => Promise<Hop>;
  cookie: (name: string) => string | undefined;
  /** The Cookie header this browser sends to the site. */
  cookieHeader: () => string;
};

export function createBrowser(site: string): Browser {
  const origin = new URL(site).origin;
  const jar = new Map<string, string>();
  const cookieHeader = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  return {
    cookie: (name) => jar.get(name),
    cookieHeader,
    async request(url, init = {}) {
      const target = new URL(url, site);
      const headers = new Headers(init.headers);
      if (target.origin === origin && jar.size > 0 && !headers.has('cookie')) headers.set('cookie', cookieHeader());
      const response = await fetch(target, { ...init, headers, redirect: 'manual' });
      if (target.origin === origin) {
        for (const line of response.headers.getSetCookie()) {
          const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
          const at = pair.indexOf('=');
          const name = pair.slice(0, at);
          const value = pair.slice(at + 1);
          const expired =
            value === '' ||
            attributes.some((a) => /^max-age=0$/i.test(a)) ||
            attributes.some((a) => /^expires=/i.test(a) && new Date(a.slice(8)).getTime() <= Date.now());
          if (expired) jar.delete(name);
          else jar.set(name, value);
        }
      }
      const location = response.headers.get('location') ?? undefined;
      return { status: response.status, location: location ? new URL(location, target).href : undefined, response };
    },
  };
}
