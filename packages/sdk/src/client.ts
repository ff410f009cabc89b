import { BasicAuthenticator, OAuthAuthenticator } from './auth.ts';
import { openSealedData } from './double-lock.ts';
import { TanqinApiError, TanqinSealedDataError } from './errors.ts';
import {
  type ApiRequest,
  type Authenticator,
  callApi,
  type FetchLike,
  type RetryPolicy,
  type Transport,
} from './http.ts';
import { isWellFormedToken } from './token-code.ts';
import type {
  CreateVerificationRequestInput,
  GenerateTokenInput,
  GenerateTokenResult,
  JsonValue,
  RevokeTokenResult,
  SealedVerifyTokenResult,
  TokenStatusResult,
  VerificationRequestForIssuerResult,
  VerificationRequestResult,
  VerifyTokenResult,
} from './types.ts';

export interface TanqinOptions {
  /** Your organisation's client id (`tqc_...`), sent as `X-Client-Id`. */
  clientId: string | undefined;
  /** API key (`tqk_live_...`) from the dashboard's security page. */
  apiKey: string | undefined;
  /** Its secret (`tqs_live_...`), shown once when the key was created. */
  apiSecret: string | undefined;
  /** Address of the Tanqin server, e.g. `https://tanqin.example.sa` (without `/v1`). */
  baseUrl: string;
  /**
   * `basic` (default): every call carries `Authorization: Basic api_key:api_secret`.
   * `oauth`: the SDK gets a client-credentials access token and sends it as Bearer.
   */
  auth?: 'basic' | 'oauth';
  /** Retries after 429 (all calls) and after network errors (status and revoke only). Default 2. */
  maxRetries?: number;
  /** Longest Retry-After, in seconds, worth waiting for; a longer one is thrown. Default 60. */
  maxRetryAfter?: number;
  /** Per-request timeout in milliseconds. Default 30000. */
  timeoutMs?: number;
  /**
   * Your organisation's X25519 private key (PKCS#8 PEM, or base64url of the raw 32 bytes), when
   * it registered the public key (the double lock): `tokens.verify` opens sealed data with it,
   * here, and the key is never sent anywhere.
   */
  privateKey?: string;
  /** A fetch implementation; default: the platform's `fetch`. */
  fetch?: FetchLike;
  /** How to wait before a retry; tests inject one that records the wait. */
  sleep?: (ms: number) => Promise<void>;
  /** The time in milliseconds since the epoch, for the access-token cache; default `Date.now`. */
  now?: () => number;
}

const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function required(name: string, value: string | undefined): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new TypeError(`Tanqin: the option ${name} is required`);
  }
  return value;
}

function tokenPath(tokenId: string, action: 'status' | 'revoke') {
  if (typeof tokenId !== 'string' || tokenId === '') {
    throw new TypeError('Tanqin: tokenId is required');
  }
  return `/v1/tokens/${encodeURIComponent(tokenId)}/${action}`;
}

/** The four calls of the public token API. */
export class Tokens {
  private readonly call: <T>(request: ApiRequest) => Promise<T>;
  private readonly privateKey: string | undefined;

  constructor(call: <T>(request: ApiRequest) => Promise<T>, privateKey?: string) {
    this.call = call;
    this.privateKey = privateKey;
  }

  /** Issues a one-time code (scope `token:generate`). Not retried except on 429. */
  generate(input: GenerateTokenInput): Promise<GenerateTokenResult> {
    return this.call({
      method: 'POST',
      path: '/v1/tokens/generate',
      body: input,
      isIdempotent: false,
    });
  }

  /**
   * Verifies and decrypts a code, once (scope `token:verify`). A code with a wrong check
   * character is refused here with `token_malformed`, before any request. Never retried except
   * on 429: a second attempt after a lost answer would find the code used. Double-locked data
   * is opened with the client's `privateKey`; without one, `TanqinSealedDataError` carries it.
   */
  async verify<T = Record<string, JsonValue>>(token: string): Promise<VerifyTokenResult<T>> {
    if (typeof token !== 'string' || !isWellFormedToken(token)) {
      throw new TanqinApiError({
        status: 400,
        code: 'token_malformed',
        title: 'Bad Request',
        detail:
          'The token is malformed (check character does not match); checked by the SDK, no request was sent',
      });
    }
    const answer = await this.call<VerifyTokenResult<T> | SealedVerifyTokenResult>({
      method: 'POST',
      path: '/v1/tokens/verify',
      body: { token },
      isIdempotent: false,
    });
    if (!('encryption' in answer)) return answer;
    if (!this.privateKey) throw new TanqinSealedDataError(answer);
    const { encryption: _, enc, ciphertext, ...rest } = answer;
    return { ...rest, data: await openSealedData<T>({ enc, ciphertext }, this.privateKey) };
  }

  /** Status of a code, for its issuer or audience (scope `token:verify` or `token:generate`). */
  status(tokenId: string): Promise<TokenStatusResult> {
    return this.call({ method: 'GET', path: tokenPath(tokenId, 'status'), isIdempotent: true });
  }

  /** Revokes an active code and deletes its data (scope `token:revoke`, issuer only). */
  revoke(tokenId: string): Promise<RevokeTokenResult> {
    return this.call({ method: 'POST', path: tokenPath(tokenId, 'revoke'), isIdempotent: true });
  }
}

function requestPath(requestId: string, action = '') {
  if (typeof requestId !== 'string' || requestId === '') {
    throw new TypeError('Tanqin: requestId is required');
  }
  return `/v1/verification-requests/${encodeURIComponent(requestId)}${action}`;
}

/**
 * Verification requests: ask for fields with a purpose, show the link's QR and the match number;
 * the person answers in an issuer's app (`tokens.generate({ request_id, match_number, ... })`),
 * and `get` then carries the code to verify.
 */
export class VerificationRequests {
  private readonly call: <T>(request: ApiRequest) => Promise<T>;

  constructor(call: <T>(request: ApiRequest) => Promise<T>) {
    this.call = call;
  }

  /** Asks for data (scope `token:verify`). Billed once. Not retried except on 429. */
  create(input: CreateVerificationRequestInput): Promise<VerificationRequestResult> {
    return this.call({
      method: 'POST',
      path: '/v1/verification-requests',
      body: input,
      isIdempotent: false,
    });
  }

  /**
   * The request: all of it for its audience (the code once answered), who asks and for what for
   * an issuer (scope `token:generate`). Not billed.
   */
  get(requestId: string): Promise<VerificationRequestResult | VerificationRequestForIssuerResult> {
    return this.call({ method: 'GET', path: requestPath(requestId), isIdempotent: true });
  }

  /** Cancels a pending request, its audience only; cancelling again answers the same. */
  cancel(requestId: string): Promise<VerificationRequestResult> {
    return this.call({
      method: 'POST',
      path: requestPath(requestId, '/cancel'),
      isIdempotent: true,
    });
  }
}

/** Client of the Tanqin public token API (`/v1`). */
export class Tanqin {
  readonly tokens: Tokens;
  readonly verificationRequests: VerificationRequests;

  constructor(options: TanqinOptions) {
    const clientId = required('clientId', options.clientId);
    const apiKey = required('apiKey', options.apiKey);
    const apiSecret = required('apiSecret', options.apiSecret);
    const baseUrl = new URL(required('baseUrl', options.baseUrl)).href.replace(/\/+$/, '');
    const platformFetch = globalThis.fetch?.bind(globalThis);
    const fetch = options.fetch ?? platformFetch;
    if (!fetch) throw new TypeError('Tanqin: no fetch available; pass the fetch option');
    if (options.auth !== undefined && options.auth !== 'basic' && options.auth !== 'oauth') {
      throw new TypeError("Tanqin: the option auth is 'basic' or 'oauth'");
    }

    const transport: Transport = {
      baseUrl,
      fetch,
      timeoutMs: options.timeoutMs ?? 30_000,
      now: options.now ?? Date.now,
    };
    const retry: RetryPolicy = {
      maxRetries: Math.max(0, options.maxRetries ?? 2),
      maxRetryAfter: options.maxRetryAfter ?? 60,
      sleep: options.sleep ?? defaultSleep,
    };
    const auth: Authenticator =
      options.auth === 'oauth'
        ? new OAuthAuthenticator(transport, apiKey, apiSecret)
        : new BasicAuthenticator(apiKey, apiSecret);
    const call = <T>(request: ApiRequest) => callApi<T>(transport, auth, retry, clientId, request);
    this.tokens = new Tokens(call, options.privateKey);
    this.verificationRequests = new VerificationRequests(call);
  }
}
