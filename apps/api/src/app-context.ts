import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { ReadRouting } from './db/replica.ts';
import type { Clock } from './lib/clock.ts';
import { deriveKey } from './lib/crypto.ts';
import type { InvalidationBus } from './lib/invalidation/invalidation-bus.ts';
import type { JobRunner } from './lib/jobs.ts';
import type { MailSender } from './lib/mail/index.ts';
import type { RateLimitStore } from './lib/rate-limit/rate-limit-store.ts';
import type { SmsSender } from './lib/sms/index.ts';
import type { WebhookNetwork } from './modules/notifications/webhook-network.ts';
import type { RequestLogWriter } from './modules/request-log/request-log.writer.ts';
import type { LoadState } from './plugins/load-shedding.ts';

/** Everything a service needs from the outside world, passed explicitly (tests swap parts). */
export interface AppContext {
  config: Config;
  db: Database;
  /** With DATABASE_REPLICA_URL: where console reads go (plugins/read-routing.ts `readingContext`). */
  reads?: ReadRouting;
  clock: Clock;
  /** API requests in flight and waiting for a place (plugins/load-shedding.ts). */
  load?: LoadState;
  rateLimits: RateLimitStore;
  /** Publish here after a change to a cached security decision (see invalidation-bus.ts). */
  invalidation: InvalidationBus;
  /** Background jobs: `ctx.jobs.register({ name, everyMs, run })` (see lib/jobs.ts). */
  jobs: JobRunner;
  /** Buffered writer of the /v1 request log; `flush()` writes what is buffered (tests, shutdown). */
  requestLog: RequestLogWriter;
  /** SMTP or the local outbox; a context built without one gets the configured default on first use. */
  mail?: MailSender;
  /** Text messages (confirmation codes): the local outbox unless a gateway is wired in. */
  sms?: SmsSender;
  /** DNS and HTTPS for webhooks; tests swap it for a local receiver (the address checks stay). */
  webhookNetwork?: WebhookNetwork;
  keys: {
    jwt: Uint8Array;
    /** HMAC key for lookups of secrets (codes, API secrets, refresh tokens, national ids). */
    pepper: Buffer;
    /** AES key for the organisations' client secrets. */
    clientSecret: Buffer;
    /** AES key for the webhook signing secrets of notification preferences. */
    webhookSecret: Buffer;
    /** AES key for the users' TOTP secrets (two-step sign-in). */
    twoFactorSecret: Buffer;
    /** HMAC key of the device cookies (browsers an account signed in from). */
    deviceCookie: Buffer;
  };
}

export function deriveAppKeys(config: Config): AppContext['keys'] {
  return {
    jwt: new TextEncoder().encode(config.jwtSecret),
    pepper: deriveKey(config.tokenPepper, 'tanqin/lookup-hmac'),
    clientSecret: deriveKey(config.tokenPepper, 'tanqin/client-secret-encryption'),
    webhookSecret: deriveKey(config.tokenPepper, 'tanqin/webhook-secret-encryption'),
    twoFactorSecret: deriveKey(config.tokenPepper, 'tanqin/totp-secret-encryption'),
    deviceCookie: deriveKey(config.tokenPepper, 'tanqin/device-cookie'),
  };
}
