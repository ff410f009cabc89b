import type { FieldError, Problem, SealedVerifyTokenResult, TanqinErrorCode } from './types.ts';

/** Every error the SDK throws on purpose extends this class. */
export class TanqinError extends Error {
  override name = 'TanqinError';
}

/**
 * The API answered with an error: an RFC 9457 problem with a stable `code` (`token_used`,
 * `rate_limited`, `insufficient_scope`, ...). Branch on `code`, not on `detail` or `message`.
 */
export class TanqinApiError extends TanqinError {
  override name = 'TanqinApiError';
  readonly status: number;
  readonly code: TanqinErrorCode | (string & {});
  readonly title: string;
  readonly detail: string | undefined;
  /** Problem type URI, e.g. `https://tanqin.sa/problems/token-used`. */
  readonly type: string | undefined;
  /** Field errors of a `validation_failed` answer. */
  readonly errors: FieldError[];
  /** Seconds the server asked to wait before retrying (`Retry-After`, on 429). */
  readonly retryAfter: number | undefined;
  /** Response headers, e.g. `RateLimit` and `RateLimit-Policy`. */
  readonly headers: Headers;

  constructor(init: {
    status: number;
    code: string;
    title: string;
    detail?: string;
    type?: string;
    errors?: FieldError[];
    retryAfter?: number;
    headers?: Headers;
  }) {
    super(`${init.code} (${init.status}): ${init.detail ?? init.title}`);
    this.status = init.status;
    this.code = init.code;
    this.title = init.title;
    this.detail = init.detail;
    this.type = init.type;
    this.errors = init.errors ?? [];
    this.retryAfter = init.retryAfter;
    this.headers = init.headers ?? new Headers();
  }

  static fromProblem(problem: Problem, headers: Headers, retryAfter: number | undefined) {
    return new TanqinApiError({ ...problem, headers, retryAfter });
  }
}

/**
 * POST /v1/oauth/token refused the client credentials. That endpoint answers in the RFC 6749
 * section 5.2 shape, so `code` is the OAuth `error` (`invalid_client`, `invalid_scope`, ...).
 */
export class TanqinOAuthError extends TanqinApiError {
  override name = 'TanqinOAuthError';
}

/**
 * No HTTP answer arrived: DNS, refused or reset connection, TLS, or the timeout. For `verify`
 * the outcome is then unknown (the code may have been used), so the SDK never retries it.
 */
export class TanqinNetworkError extends TanqinError {
  override name = 'TanqinNetworkError';
  readonly isTimeout: boolean;

  constructor(message: string, options: { cause: unknown; isTimeout?: boolean }) {
    super(message, { cause: options.cause });
    this.isTimeout = options.isTimeout ?? false;
  }
}

/**
 * Verify answered a double-locked code (`encryption: "hpke"`) and the client has no
 * `privateKey`. The code is used up now: `sealed` is the answer, to open with `openSealedData`.
 */
export class TanqinSealedDataError extends TanqinError {
  override name = 'TanqinSealedDataError';
  readonly sealed: SealedVerifyTokenResult;

  constructor(sealed: SealedVerifyTokenResult) {
    super(
      "The data is sealed to your organisation's encryption key: pass privateKey to Tanqin, or open error.sealed with openSealedData",
    );
    this.sealed = sealed;
  }
}
