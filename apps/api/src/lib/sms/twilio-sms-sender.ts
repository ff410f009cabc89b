import { setTimeout as delay } from 'node:timers/promises';
import { maskedAddress } from '@tanqin/shared';
import type { SmsMessage, SmsSender } from './sms-sender.ts';

/** Twilio's account and the sender id the messages come from (SMS_PROVIDER=twilio). */
export interface TwilioSettings {
  accountSid: string;
  authToken: string;
  /**
   * An alphanumeric sender id registered for the destination country (e.g. `Tanqin`), a Twilio
   * number in E.164, or a Messaging Service (`MG…`, sent as `MessagingServiceSid`).
   */
  from: string;
  /** https://api.twilio.com, or another server that speaks the same API (tests). */
  apiUrl: string;
}

export interface TwilioSendOptions {
  /** Time one attempt may take, answer included (default 10 s). */
  timeoutMs?: number;
  /** Attempts in all, the first included (default 3). */
  attempts?: number;
  /** Wait before the second attempt; doubled for each next one (default 0.5 s). */
  backoffMs?: number;
  /** The longest wait between attempts, a `Retry-After` included (default 10 s). */
  maxBackoffMs?: number;
}

/** Where the sender writes its lines: pino's `(details, message)` (the server's JSON log). */
export interface SmsLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** Why a message was not sent; `retryable` tells whether a later try may succeed. */
export class SmsGatewayError extends Error {
  readonly status: number | undefined;

  readonly code: number | undefined;

  readonly retryable: boolean;

  constructor(
    message: string,
    details: { status?: number; code?: number; retryable: boolean; cause?: unknown },
  ) {
    super(message, { cause: details.cause });
    this.name = 'SmsGatewayError';
    this.status = details.status;
    this.code = details.code;
    this.retryable = details.retryable;
  }
}

/**
 * The address Twilio wants (E.164): a Saudi mobile `05XXXXXXXX` becomes `+9665XXXXXXXX`; a number
 * already in international form (`+…`, `00…`) is kept.
 */
export function toE164(phone: string): string {
  const compact = phone.replace(/[\s-]/g, '');
  if (/^05\d{8}$/.test(compact)) return `+966${compact.slice(1)}`;
  if (/^9665\d{8}$/.test(compact)) return `+${compact}`;
  if (/^00[1-9]\d{6,14}$/.test(compact)) return `+${compact.slice(2)}`;
  if (/^\+[1-9]\d{6,14}$/.test(compact)) return compact;
  throw new SmsGatewayError('not a phone number the SMS gateway can reach', { retryable: false });
}

const MESSAGING_SERVICE_SID = /^MG[0-9a-f]{32}$/i;

/** Twilio's error body: `{code, message, more_info, status}`. */
interface TwilioError {
  code?: number;
  message?: string;
}

async function readJson(response: Response): Promise<Record<string, unknown> | undefined> {
  try {
    const value: unknown = await response.json();
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

/** Seconds of a `Retry-After` header (Twilio sends whole seconds), as milliseconds. */
function retryAfterMs(response: Response): number | undefined {
  const header = response.headers.get('retry-after')?.trim();
  if (!header || !/^\d+$/.test(header)) return undefined;
  return Number(header) * 1000;
}

/**
 * SMS through Twilio's Messages API: `POST /2010-04-01/Accounts/{AccountSid}/Messages.json`,
 * form-encoded `To`, `From`, `Body`, HTTP basic auth `AccountSid:AuthToken`, with Node's fetch (no
 * SDK). Each attempt has `timeoutMs`; a 429, a 5xx, a timeout or a network error is tried again
 * after a growing wait, any other 4xx is not (the same request would be refused again). The
 * provider's message id (`sid`) and status go to the log with the phone masked; the text (it holds
 * codes) and the token never do. A failure throws `SmsGatewayError`: callers decide to retry later.
 */
export class TwilioSmsSender implements SmsSender {
  private readonly settings: TwilioSettings;

  private readonly log: SmsLog;

  private readonly timeoutMs: number;

  private readonly attempts: number;

  private readonly backoffMs: number;

  private readonly maxBackoffMs: number;

  private readonly closing = new AbortController();

  constructor(settings: TwilioSettings, log: SmsLog, options: TwilioSendOptions = {}) {
    this.settings = settings;
    this.log = log;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.attempts = Math.max(1, options.attempts ?? 3);
    this.backoffMs = options.backoffMs ?? 500;
    this.maxBackoffMs = options.maxBackoffMs ?? 10_000;
  }

  private get url(): string {
    const base = this.settings.apiUrl.replace(/\/+$/, '');
    return `${base}/2010-04-01/Accounts/${encodeURIComponent(this.settings.accountSid)}/Messages.json`;
  }

  async send(message: SmsMessage) {
    const to = maskedAddress(message.to);
    const form = new URLSearchParams({ To: toE164(message.to), Body: message.text });
    const from = this.settings.from;
    form.set(MESSAGING_SERVICE_SID.test(from) ? 'MessagingServiceSid' : 'From', from);
    const body = form.toString();
    const started = Date.now();
    for (let attempt = 1; ; attempt++) {
      let failure: SmsGatewayError;
      let waitMs = Math.min(this.backoffMs * 2 ** (attempt - 1), this.maxBackoffMs);
      try {
        const { response, answer } = await this.attempt(body);
        if (response.ok) {
          const sid = typeof answer?.sid === 'string' ? answer.sid : undefined;
          const status = typeof answer?.status === 'string' ? answer.status : undefined;
          this.log.info(
            { provider: 'twilio', sid, status, to, attempt, ms: Date.now() - started },
            'sms accepted by the gateway',
          );
          return;
        }
        failure = this.refusal(response.status, answer as TwilioError | undefined);
        const after = retryAfterMs(response);
        if (after !== undefined) waitMs = Math.min(after, this.maxBackoffMs);
      } catch (error) {
        if (this.closing.signal.aborted) throw error;
        const timedOut = error instanceof Error && error.name === 'TimeoutError';
        failure = new SmsGatewayError(
          timedOut
            ? `SMS gateway did not answer within ${this.timeoutMs} ms`
            : `SMS gateway unreachable: ${error instanceof Error ? (error.cause as Error | undefined)?.message || error.message : String(error)}`,
          { retryable: true, cause: error },
        );
      }
      const details = {
        provider: 'twilio',
        to,
        attempt,
        status: failure.status,
        code: failure.code,
        error: failure.message,
      };
      if (!failure.retryable || attempt >= this.attempts) {
        this.log.error({ ...details, ms: Date.now() - started }, 'sms not sent');
        throw failure;
      }
      this.log.warn({ ...details, retryInMs: waitMs }, 'sms gateway failed, trying again');
      await delay(waitMs, undefined, { signal: this.closing.signal });
    }
  }

  /**
   * One attempt, its answer and body within `timeoutMs`. The deadline is a timer of the sender's
   * own that gives up on the request, not only the request's signal: on Node 20 a request could
   * stop hearing a signal combined with AbortSignal.any once garbage was collected
   * (nodejs/node#55428), and a gateway that never answered then held the send for good.
   */
  private async attempt(body: string) {
    if (this.closing.signal.aborted) throw this.closing.signal.reason;
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    let onClose: (() => void) | undefined;
    const stopped = new Promise<never>((_, reject) => {
      const stop = (reason: unknown) => {
        controller.abort(reason);
        reject(reason);
      };
      timer = setTimeout(
        () =>
          stop(
            new DOMException(
              `SMS gateway did not answer within ${this.timeoutMs} ms`,
              'TimeoutError',
            ),
          ),
        this.timeoutMs,
      );
      onClose = () => stop(this.closing.signal.reason);
      this.closing.signal.addEventListener('abort', onClose, { once: true });
    });
    try {
      return await Promise.race([this.exchange(body, controller.signal), stopped]);
    } finally {
      clearTimeout(timer);
      if (onClose) this.closing.signal.removeEventListener('abort', onClose);
    }
  }

  private async exchange(body: string, signal: AbortSignal) {
    const { accountSid, authToken } = this.settings;
    const response = await fetch(this.url, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
        accept: 'application/json',
      },
      body,
      redirect: 'error',
      signal,
    });
    return { response, answer: await readJson(response) };
  }

  /** A non-2xx answer as an error: Twilio's code and message, retryable on 429 and 5xx. */
  private refusal(status: number, answer: TwilioError | undefined): SmsGatewayError {
    const code = typeof answer?.code === 'number' ? answer.code : undefined;
    const text = typeof answer?.message === 'string' ? answer.message.slice(0, 300) : undefined;
    const retryable = status === 429 || status >= 500;
    const what = retryable ? 'SMS gateway failed' : 'SMS gateway refused the message';
    return new SmsGatewayError(
      `${what}: HTTP ${status}${code !== undefined ? `, Twilio error ${code}` : ''}${text ? `: ${text}` : ''}`,
      { status, code, retryable },
    );
  }

  /** Stops waits between attempts and requests in flight (shutdown). */
  async close() {
    this.closing.abort(new Error('SMS sender closed'));
  }
}
