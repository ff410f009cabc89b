import { request, type TestServer } from './harness.ts';

/** Cookies by name, as a browser would keep them for one site (paths ignored: one provider). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(line) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/** The hidden fields of a page's auto-submitted form (oidc-provider's logout confirmation). */
function hiddenFields(html: string) {
  const fields = [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)];
  return new URLSearchParams(fields.map(([, name = '', value = '']) => [name, value]));
}

export interface BrowserAtProvider {
  /** The browser's cookies (a fresh jar unless given: keep one to sign in again as the same browser). */
  jar?: CookieJar;
  /**
   * Which server process request number `hop` (0: the authorization URL) reaches, as a load
   * balancer might send it (all processes behind one address); by default the address itself.
   */
  origin?: (hop: number) => string;
}

/**
 * What a browser does at the development identity provider: follows the authorization URL to its
 * sign-in page, submits `nationalId`, submits the pages that submit themselves, and follows the
 * redirects until the provider sends it back to /identity/callback. Returns that callback's query
 * (code, state, iss).
 */
export async function signInAtDevProvider(
  authorizationUrl: string,
  nationalId: string,
  { jar = new CookieJar(), origin }: BrowserAtProvider = {},
) {
  const reaching = (url: string, hop: number) => {
    if (!origin) return url;
    const target = new URL(url);
    target.host = new URL(origin(hop)).host;
    return target.href;
  };
  let url = authorizationUrl;
  let method = 'GET';
  let body: string | undefined;
  for (let hop = 0; hop < 12; hop++) {
    const response = await fetch(reaching(url, hop), {
      method,
      redirect: 'manual',
      headers: {
        cookie: jar.header(),
        ...(body && { 'content-type': 'application/x-www-form-urlencoded' }),
      },
      body,
    });
    jar.take(response);
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url);
      if (next.pathname === '/identity/callback') {
        return Object.fromEntries(next.searchParams) as Record<string, string>;
      }
      url = next.href;
      method = 'GET';
      body = undefined;
      continue;
    }
    const html = await response.text();
    const action = html
      .match(/<form method="post" action="([^"]+)"/)?.[1]
      ?.replaceAll('&amp;', '&');
    if (response.status !== 200 || !action) {
      throw new Error(`unexpected page at ${url}: ${response.status} ${html.slice(0, 300)}`);
    }
    url = new URL(action, url).href;
    method = 'POST';
    body = html.includes('name="national_id"')
      ? new URLSearchParams({ national_id: nationalId }).toString()
      : hiddenFields(html).toString();
  }
  throw new Error('too many redirects at the identity provider');
}

/** The whole proof as the web app runs it: start, sign in at the provider, complete. */
export async function proveIdentity(server: TestServer, token: string, nationalId: string) {
  const start = await request(server.baseUrl, 'POST', '/api/v1/individuals/me/identity/start', {
    token,
  });
  if (start.status !== 200) throw new Error(`start: ${JSON.stringify(start.body)}`);
  const callback = await signInAtDevProvider(start.body.authorization_url, nationalId);
  return request(server.baseUrl, 'POST', '/api/v1/individuals/me/identity/complete', {
    token,
    json: callback,
  });
}
