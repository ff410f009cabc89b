import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONTACT_EMAIL, DEFAULT_PRICE_PER_CALL, isIpOrCidr } from '@tanqin/shared';
import { generateNoteSigner, parseNoteSigner } from './lib/note-signer.ts';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Where individuals' documents are stored, encrypted (DOCUMENTS_DIR, default DATA_DIR/documents). */
  documentsDir: string;
  databaseUrl: string | undefined;
  /** A streaming standby of DATABASE_URL for console reads that aggregate or page (DATABASE_REPLICA_URL). */
  databaseReplicaUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  /** Sender of the platform's mail (security notifications, confirmations). */
  mailFrom: string;
  /** Where messages of the public contact form go (`CONTACT_INBOX`, default CONTACT_EMAIL). */
  contactInbox: string;
  publicUrl: string;
  /** Fastify's trustProxy: off, every hop (`true`), a number of proxy hops, or proxy addresses. */
  trustProxy: boolean | number | string[];
  pricePerCall: string;
  /** Days a /v1 call stays in the request log (REQUEST_LOG_DAYS, default 30). */
  requestLogDays: number;
  /**
   * Days a billed call stays in the usage log, the wallet's call list (USAGE_LOG_DAYS, default 90);
   * the figures come from roll-ups and do not depend on it.
   */
  usageLogDays: number;
  jwtSecret: string;
  /** Earlier JWT secrets still accepted until their tokens expire (JWT_SECRET_PREVIOUS, newest first). */
  jwtSecretsPrevious: string[];
  tokenPepper: string;
  /**
   * Earlier peppers (TOKEN_PEPPER_PREVIOUS, newest first): what they sealed still opens and what
   * they hashed is still found. The last one keys the national-id hashes (docs/operations/secrets.md).
   */
  tokenPeppersPrevious: string[];
  isProduction: boolean;
  /** API requests worked on at once before more are shed with 503 (MAX_CONCURRENT_REQUESTS; 0 = off; unset = per database). */
  maxConcurrentRequests: number | undefined;
  /** Requests that wait for a place before more are shed (MAX_QUEUED_REQUESTS; unset = per database). */
  maxQueuedRequests: number | undefined;
  /** Bearer secret of the operator routes (/api/v1/operator); undefined: they refuse everyone. */
  operatorToken: string | undefined;
  /**
   * Signs the audit checkpoints: a `PRIVATE+KEY+<name>+<id>+<key>` Ed25519 note key
   * (AUDIT_SIGNING_KEY; generated into the data folder locally, required in production).
   */
  auditSigningKey: string;
  /** Seconds between audit checkpoints (AUDIT_CHECKPOINT_SECONDS, default 60). */
  auditCheckpointSeconds: number;
  /** Serves /metrics on this port instead of PORT (METRICS_PORT); either way the operator token is needed. */
  metricsPort: number | undefined;
  /** Time a client has to send a request's headers (HEADERS_TIMEOUT_SECONDS, default 10). */
  headersTimeoutMs: number;
  /** Time a client has to send a whole request, body included (REQUEST_TIMEOUT_SECONDS, default 60). */
  requestTimeoutMs: number;
  logLevel: string;
  webDistDir: string;
  identity: IdentityConfig;
}

/**
 * The identity provider people prove their national id at (OpenID Connect). Without
 * IDENTITY_ISSUER: the built-in development provider at PUBLIC_URL/dev-idp, only where this is
 * clearly development (a local PUBLIC_URL, or IDENTITY_DEVELOPMENT_PROVIDER=true; never in production).
 */
export interface IdentityConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The ID token claim that carries the national id (IDENTITY_NATIONAL_ID_CLAIM). */
  nationalIdClaim: string;
  /** Scopes asked for, space separated (IDENTITY_SCOPES, default `openid`). */
  scopes: string;
  /** True: `issuer` is the built-in development provider this server serves itself. */
  development: boolean;
}

type Env = Record<string, string | undefined>;

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/**
 * Secrets come from the environment; for local runs they are generated once into the data
 * folder, so restarts keep sessions and hashes valid. Production must set them.
 */
function loadOrCreateSecrets(dataDir: string, env: Env, isProduction: boolean) {
  if (env.JWT_SECRET && env.TOKEN_PEPPER) {
    return { jwtSecret: env.JWT_SECRET, tokenPepper: env.TOKEN_PEPPER };
  }
  if (isProduction) throw new Error('JWT_SECRET and TOKEN_PEPPER must be set in production');
  const file = path.join(dataDir, 'secrets.json');
  let stored: { jwtSecret: string; tokenPepper: string };
  if (existsSync(file)) {
    stored = JSON.parse(readFileSync(file, 'utf8'));
  } else {
    stored = {
      jwtSecret: randomBytes(32).toString('base64url'),
      tokenPepper: randomBytes(32).toString('base64url'),
    };
    writeFileSync(file, JSON.stringify(stored), { mode: 0o600 });
  }
  return {
    jwtSecret: env.JWT_SECRET ?? stored.jwtSecret,
    tokenPepper: env.TOKEN_PEPPER ?? stored.tokenPepper,
  };
}

/**
 * OPERATOR_TOKEN authorises operator actions (commands call the running server with it). Local
 * runs generate one into the data folder, where the commands of the same DATA_DIR find it.
 */
function loadOrCreateOperatorToken(dataDir: string, env: Env, isProduction: boolean) {
  const token = env.OPERATOR_TOKEN?.trim();
  if (token) {
    if (token.length < 32) throw new Error('OPERATOR_TOKEN must be at least 32 characters');
    return token;
  }
  if (isProduction) return undefined;
  const file = path.join(dataDir, 'operator-token');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const generated = randomBytes(32).toString('base64url');
  writeFileSync(file, generated, { mode: 0o600 });
  return generated;
}

/** The name a generated audit signing key gets: the log's origin, e.g. `tanqin.sa/audit`. */
export function auditLogOrigin(publicUrl: string): string {
  return `${new URL(publicUrl).host}/audit`;
}

/**
 * AUDIT_SIGNING_KEY signs the audit checkpoints. Local runs generate one into the data folder;
 * production must set it (rotating it: set a new one, the old public key stays published).
 */
function loadOrCreateAuditSigningKey(
  dataDir: string,
  env: Env,
  isProduction: boolean,
  publicUrl: string,
) {
  const configured = env.AUDIT_SIGNING_KEY?.trim();
  if (configured) {
    parseNoteSigner(configured);
    return configured;
  }
  if (isProduction) {
    throw new Error(
      'AUDIT_SIGNING_KEY must be set in production (npm run audit:new-key prints one)',
    );
  }
  const file = path.join(dataDir, 'audit-signing-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const generated = generateNoteSigner(auditLogOrigin(publicUrl));
  writeFileSync(file, generated, { mode: 0o600 });
  return generated;
}

/**
 * TRUST_PROXY: unset/`false` ignores X-Forwarded-For; `true` believes all of it (only behind a
 * proxy that overwrites the header); a number N trusts N proxy hops, so the client is the address
 * the outermost of your proxies appended and a forged left part is ignored; a comma-separated list
 * trusts those proxy addresses or CIDR ranges.
 */
function parseTrustProxy(value: string | undefined): Config['trustProxy'] {
  const text = value?.trim() ?? '';
  if (text === '' || text === 'false' || text === '0') return false;
  if (text === 'true') return true;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (!entries.every((entry) => isIpOrCidr(entry))) {
    throw new Error('TRUST_PROXY must be true, false, a hop count or a list of IPs / CIDR ranges');
  }
  return entries;
}

/** A comma-separated list of earlier secrets (newest first); none when unset. */
function previousSecrets(env: Env, name: string, current: string): string[] {
  const list = (env[name] ?? '')
    .split(',')
    .map((secret) => secret.trim())
    .filter(Boolean);
  if (list.includes(current)) throw new Error(`${name} must not list the current secret`);
  return list;
}

function retentionDays(env: Env, name: string, fallback: number): number {
  const days = Number(env[name] ?? fallback);
  if (!Number.isInteger(days) || days < 1 || days > 3650) {
    throw new Error(`${name} must be a whole number of days from 1 to 3650`);
  }
  return days;
}

function parseCount(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  if (!/^\d+$/.test(value.trim())) throw new Error(`${name} must be a whole number (0 = off)`);
  return Number(value);
}

function parseSeconds(env: Env, name: string, fallback: number): number {
  const seconds = Number(env[name]?.trim() || fallback);
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 3600) {
    throw new Error(`${name} must be a whole number of seconds from 1 to 3600`);
  }
  return seconds * 1000;
}

export const DEV_IDENTITY_PATH = '/dev-idp';

/** A PUBLIC_URL only this machine can reach: localhost (and *.localhost), 127.0.0.0/8, ::1. */
function isLocalAddress(publicUrl: string): boolean {
  let hostname: string;
  try {
    hostname = new URL(publicUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  return (
    hostname === 'localhost' ||
    hostname.endsWith('.localhost') ||
    hostname === '[::1]' ||
    /^127(\.\d{1,3}){3}$/.test(hostname)
  );
}

/** IDENTITY_DEVELOPMENT_PROVIDER: `true` runs the development provider on any PUBLIC_URL. */
function isDevelopmentProviderChosen(env: Env): boolean {
  const value = env.IDENTITY_DEVELOPMENT_PROVIDER?.trim();
  if (value === undefined || value === '' || value === 'false') return false;
  if (value === 'true') return true;
  throw new Error('IDENTITY_DEVELOPMENT_PROVIDER must be true or false');
}

function identityConfig(
  env: Env,
  publicUrl: string,
  tokenPepper: string,
  isProduction: boolean,
): IdentityConfig {
  const nationalIdClaim = env.IDENTITY_NATIONAL_ID_CLAIM?.trim() || 'national_id';
  const scopes = env.IDENTITY_SCOPES?.trim() || 'openid';
  const issuer = env.IDENTITY_ISSUER?.trim();
  if (!issuer) {
    if (isProduction) {
      throw new Error(
        'IDENTITY_ISSUER, IDENTITY_CLIENT_ID and IDENTITY_CLIENT_SECRET must be set in production: ' +
          'the development identity provider does not run there',
      );
    }
    if (!isLocalAddress(publicUrl) && !isDevelopmentProviderChosen(env)) {
      throw new Error(
        `IDENTITY_ISSUER is not set and PUBLIC_URL (${publicUrl}) is not on this machine: set ` +
          'IDENTITY_ISSUER, IDENTITY_CLIENT_ID and IDENTITY_CLIENT_SECRET. The development identity ' +
          'provider believes any national id; it runs only on a localhost PUBLIC_URL, or with ' +
          'IDENTITY_DEVELOPMENT_PROVIDER=true on a server nobody else relies on',
      );
    }
    return {
      issuer: `${publicUrl.replace(/\/+$/, '')}${DEV_IDENTITY_PATH}`,
      clientId: 'tanqin-development',
      clientSecret: createHmac('sha256', tokenPepper)
        .update('dev-identity-client')
        .digest('base64url'),
      nationalIdClaim,
      scopes,
      development: true,
    };
  }
  const clientId = env.IDENTITY_CLIENT_ID?.trim();
  const clientSecret = env.IDENTITY_CLIENT_SECRET?.trim();
  if (!clientId || !clientSecret) {
    throw new Error('IDENTITY_ISSUER needs IDENTITY_CLIENT_ID and IDENTITY_CLIENT_SECRET');
  }
  if (isProduction && !issuer.startsWith('https://')) {
    throw new Error('IDENTITY_ISSUER must be an https:// address in production');
  }
  return { issuer, clientId, clientSecret, nationalIdClaim, scopes, development: false };
}

export function loadConfig(env: Env = process.env): Config {
  const isProduction = env.NODE_ENV === 'production';
  const dataDir = path.resolve(env.DATA_DIR ?? path.join(repoRoot, 'data'));
  mkdirSync(dataDir, { recursive: true });
  const price = env.PRICE_PER_CALL ?? DEFAULT_PRICE_PER_CALL;
  if (!/^\d+(\.\d{1,3})?$/.test(price)) {
    throw new Error('PRICE_PER_CALL must be a decimal with at most 3 decimals, e.g. 0.005');
  }
  const requestLogDays = retentionDays(env, 'REQUEST_LOG_DAYS', 30);
  const usageLogDays = retentionDays(env, 'USAGE_LOG_DAYS', 90);
  const port = Number(env.PORT ?? 3000);
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`;
  const secrets = loadOrCreateSecrets(dataDir, env, isProduction);
  if (env.DATABASE_REPLICA_URL && !env.DATABASE_URL) {
    throw new Error('DATABASE_REPLICA_URL is a standby of DATABASE_URL: set DATABASE_URL too');
  }
  const identity = identityConfig(env, publicUrl, secrets.tokenPepper, isProduction);
  const auditCheckpointSeconds = Number(env.AUDIT_CHECKPOINT_SECONDS ?? 60);
  if (
    !Number.isInteger(auditCheckpointSeconds) ||
    auditCheckpointSeconds < 1 ||
    auditCheckpointSeconds > 86_400
  ) {
    throw new Error('AUDIT_CHECKPOINT_SECONDS must be a whole number of seconds from 1 to 86400');
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir,
    documentsDir: path.resolve(env.DOCUMENTS_DIR ?? path.join(dataDir, 'documents')),
    databaseUrl: env.DATABASE_URL || undefined,
    databaseReplicaUrl: env.DATABASE_REPLICA_URL || undefined,
    redisUrl: env.REDIS_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || 'Tanqin <no-reply@tanqin.sa>',
    contactInbox: env.CONTACT_INBOX || CONTACT_EMAIL,
    publicUrl,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    pricePerCall: price,
    requestLogDays,
    usageLogDays,
    isProduction,
    operatorToken: loadOrCreateOperatorToken(dataDir, env, isProduction),
    maxConcurrentRequests: parseCount('MAX_CONCURRENT_REQUESTS', env.MAX_CONCURRENT_REQUESTS),
    maxQueuedRequests: parseCount('MAX_QUEUED_REQUESTS', env.MAX_QUEUED_REQUESTS),
    metricsPort: parseCount('METRICS_PORT', env.METRICS_PORT) || undefined,
    headersTimeoutMs: parseSeconds(env, 'HEADERS_TIMEOUT_SECONDS', 10),
    requestTimeoutMs: parseSeconds(env, 'REQUEST_TIMEOUT_SECONDS', 60),
    logLevel: env.LOG_LEVEL ?? (env.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDistDir: path.resolve(env.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    ...secrets,
    jwtSecretsPrevious: previousSecrets(env, 'JWT_SECRET_PREVIOUS', secrets.jwtSecret),
    tokenPeppersPrevious: previousSecrets(env, 'TOKEN_PEPPER_PREVIOUS', secrets.tokenPepper),
    identity,
    auditSigningKey: loadOrCreateAuditSigningKey(dataDir, env, isProduction, publicUrl),
    auditCheckpointSeconds,
  };
}
