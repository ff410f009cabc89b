import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import type { ReadRouting } from './db/replica.ts';
import type { Clock } from './lib/clock.ts';
import { deriveKey } from './lib/crypto.ts';
import type { InvalidationBus } from './lib/invalidation/invalidation-bus.ts';
import type { JobRunner } from './lib/jobs.ts';
import { type JwtKeys, jwtKeys, type KeyRing, keyRing } from './lib/key-ring.ts';
import type { MailSender } from './lib/mail/index.ts';
import type { RateLimitStore } from './lib/rate-limit/rate-limit-store.ts';
import type { RedisLink } from './lib/redis-link.ts';
import type { SmsSender } from './lib/sms/index.ts';
import type { WebhookNetwork } from './lib/webhook-network.ts';

/** How many API requests are worked on and wait, now (plugins/load-shedding.ts; metrics, tests). */
export interface LoadState {
  inFlight(): number;
  waiting(): number;
}

/**
 * The buffered writer of the /v1 request log (modules/request-log/request-log.writer.ts), as the
 * rest of the server sees it: this file is below the modules, so it names none of them.
 */
export interface RequestLogBuffer {
  /** Writes what is buffered (tests, shutdown). */
  flush(): Promise<void>;
  /** Flushes and stops. */
  close(): Promise<void>;
}

/**
 * Everything a service needs from the outside world, passed explicitly (tests swap parts). It sits
 * with src/lib and src/db, below the plugins and modules, and imports neither.
 */
export interface AppContext {
  config: Config;
  db: Database;
  /** With DATABASE_REPLICA_URL: where console reads go (plugins/read-routing.ts `readingContext`). */
  reads?: ReadRouting;
  clock: Clock;
  /** API requests in flight and waiting for a place (plugins/load-shedding.ts). */
  load?: LoadState;
  rateLimits: RateLimitStore;
  /** With REDIS_URL: its connections and whether they answer (readiness reports it). */
  redis?: RedisLink;
  /** Publish here after a change to a cached security decision (see invalidation-bus.ts). */
  invalidation: InvalidationBus;
  /** Background jobs: `ctx.jobs.register({ name, everyMs, run })` (see lib/jobs.ts). */
  jobs: JobRunner;
  /** Buffered writer of the /v1 request log; `flush()` writes what is buffered (tests, shutdown). */
  requestLog: RequestLogBuffer;
  /** SMTP or the local outbox; a context built without one gets the configured default on first use. */
  mail?: MailSender;
  /** Text messages (confirmation codes): Twilio with SMS_PROVIDER=twilio, else the local outbox. */
  sms?: SmsSender;
  /** DNS and HTTPS for webhooks; tests swap it for a local receiver (the address checks stay). */
  webhookNetwork?: WebhookNetwork;
  /** Keys from JWT_SECRET and TOKEN_PEPPER, each with its previous versions (lib/key-ring.ts). */
  keys: {
    jwt: JwtKeys;
    /** Current HMAC key for lookups of secrets (codes, API secrets, refresh tokens...): new rows. */
    pepper: Buffer;
    /** Every lookup key, current first: what a lookup matches (`lookupHashes`). */
    peppers: Buffer[];
    /** HMAC key of national-id hashes: the oldest pepper's, as they join tables and never rotate. */
    nationalId: Buffer;
    /** AES keys for the organisations' client secrets. */
    clientSecret: KeyRing;
    /** AES keys for the webhook signing secrets of notification preferences. */
    webhookSecret: KeyRing;
    /** AES keys for the users' TOTP secrets (two-step sign-in). */
    twoFactorSecret: KeyRing;
    /** AES keys for the development identity provider's records and signing key. */
    devIdentity: KeyRing;
    /** AES keys for individuals' documents (files and names). */
    documents: KeyRing;
    /** AES keys for the codes kept for the audience of a fulfilled verification request. */
    requestCode: KeyRing;
    /** HMAC keys of the device cookies (browsers an account signed in from), current first. */
    deviceCookie: Buffer[];
  };
}

export function deriveAppKeys(config: Config): AppContext['keys'] {
  const peppers = [config.tokenPepper, ...config.tokenPeppersPrevious];
  const ring = (purpose: string) => keyRing(peppers, purpose);
  const lookup = peppers.map((pepper) => deriveKey(pepper, 'tanqin/lookup-hmac'));
  return {
    jwt: jwtKeys([config.jwtSecret, ...config.jwtSecretsPrevious]),
    pepper: lookup[0]!,
    peppers: lookup,
    nationalId: lookup.at(-1)!,
    clientSecret: ring('tanqin/client-secret-encryption'),
    webhookSecret: ring('tanqin/webhook-secret-encryption'),
    twoFactorSecret: ring('tanqin/totp-secret-encryption'),
    // Derived from the lookup key, as before versions (rows sealed then still open).
    devIdentity: keyRing(peppers, 'dev-identity-provider-records', (pepper) =>
      deriveKey(pepper, 'tanqin/lookup-hmac'),
    ),
    documents: ring('tanqin/document-encryption'),
    requestCode: ring('tanqin/verification-request-code'),
    deviceCookie: peppers.map((pepper) => deriveKey(pepper, 'tanqin/device-cookie')),
  };
}
