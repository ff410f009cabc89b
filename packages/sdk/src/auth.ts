import { TanqinApiError, TanqinOAuthError } from './errors.ts';
import { type Authenticator, parseJson, send, type Transport, toApiError } from './http.ts';
import type { AccessTokenResponse } from './types.ts';

/**
 * HTTP Basic credentials. The server form-decodes both halves (as RFC 6749 section 2.3.1 asks
 * of OAuth clients), so they are percent-encoded first; Tanqin's keys are base62 with `_`, which
 * encoding leaves unchanged.
 */
export function basicAuthorization(user: string, password: string): string {
  return `Basic ${btoa(`${encodeURIComponent(user)}:${encodeURIComponent(password)}`)}`;
}

/** `X-Client-Id` + `Authorization: Basic api_key:api_secret` on every call. */
export class BasicAuthenticator implements Authenticator {
  private readonly header: string;

  constructor(apiKey: string, apiSecret: string) {
    this.header = basicAuthorization(apiKey, apiSecret);
  }

  async authorization() {
    return this.header;
  }

  /** Fixed credentials: asking again would give the same refusal. */
  invalidate() {
    return false;
  }
}

/** Longest time before expiry at which a cached access token is replaced. */
const REFRESH_MARGIN_SECONDS = 60;

interface CachedToken {
  authorization: string;
  /** When to stop using it: shortly before the server's expiry. */
  renewAtMs: number;
}

/**
 * OAuth 2.0 client credentials (RFC 6749 section 4.4) against POST /v1/oauth/token with
 * client_secret_basic. The access token is cached until shortly before it expires; concurrent
 * calls share one token request.
 */
export class OAuthAuthenticator implements Authenticator {
  private cached: CachedToken | undefined;
  private pending: Promise<CachedToken> | undefined;

  private readonly transport: Transport;
  private readonly apiKey: string;
  private readonly apiSecret: string;

  constructor(transport: Transport, apiKey: string, apiSecret: string) {
    this.transport = transport;
    this.apiKey = apiKey;
    this.apiSecret = apiSecret;
  }

  async authorization() {
    if (this.cached && this.transport.now() < this.cached.renewAtMs) {
      return this.cached.authorization;
    }
    this.pending ??= this.requestToken().finally(() => {
      this.pending = undefined;
    });
    this.cached = await this.pending;
    return this.cached.authorization;
  }

  /** The server refused this token (expired early, signing key rotated): drop it, once. */
  invalidate(authorization: string) {
    if (this.cached?.authorization === authorization) this.cached = undefined;
    return true;
  }

  private async requestToken(): Promise<CachedToken> {
    const requestedAtMs = this.transport.now();
    const { response, text } = await send(this.transport, '/v1/oauth/token', {
      method: 'POST',
      headers: {
        accept: 'application/json',
        authorization: basicAuthorization(this.apiKey, this.apiSecret),
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ grant_type: 'client_credentials' }).toString(),
    });
    const body = parseJson(text) as Partial<AccessTokenResponse> & {
      error?: string;
      error_description?: string;
    };
    if (!response.ok) {
      if (typeof body?.error !== 'string') throw toApiError(response, text, this.transport.now());
      throw new TanqinOAuthError({
        status: response.status,
        code: body.error,
        title: response.statusText || `HTTP ${response.status}`,
        detail: body.error_description,
        headers: response.headers,
      });
    }
    if (typeof body?.access_token !== 'string' || typeof body.expires_in !== 'number') {
      throw new TanqinApiError({
        status: response.status,
        code: 'unexpected_response',
        title: 'Unexpected token response',
        detail: 'POST /v1/oauth/token answered without access_token and expires_in',
        headers: response.headers,
      });
    }
    const margin = Math.min(REFRESH_MARGIN_SECONDS, body.expires_in / 10);
    return {
      authorization: `Bearer ${body.access_token}`,
      renewAtMs: requestedAtMs + (body.expires_in - margin) * 1000,
    };
  }
}
