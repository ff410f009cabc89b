import { createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { CONTACT_EMAIL, DEFAULT_PRICE_PER_CALL, isIpOrCidr } from '@tanqin/shared';
import { z } from 'zod';
import { generateNoteSigner, parseNoteSigner } from './lib/note-signer.ts';
import { MAKE_SECRET, secretWeakness } from './lib/secret-strength.ts';

export interface Config {
  port: number;
  host: string;
  /** Interface of the METRICS_PORT listener (METRICS_HOST, default HOST). */
  metricsHost: string;
  dataDir: string;
  /** Where individuals' documents are stored, encrypted (DOCUMENTS_DIR, default DATA_DIR/documents). */
  documentsDir: string;
  databaseUrl: string | undefined;
  /** How a database that does not answer at start is waited for (DATABASE_CONNECT_*). */
  databaseConnect: { attempts: number; retryMs: number };
  /** A streaming standby of DATABASE_URL for console reads that aggregate or page (DATABASE_REPLICA_URL). */
  databaseReplicaUrl: string | undefined;
  redisUrl: string | undefined;
  smtpUrl: string | undefined;
  /** The SMS gateway (SMS_PROVIDER and its settings); undefined: text messages go to the outbox. */
  sms: SmsConfig | undefined;
  /**
   * Where messages go to the local outbox (DATA_DIR/outbox.jsonl) for want of a route: mail
   * without SMTP_URL, text messages without SMS_PROVIDER. Production allows it only with
   * MESSAGES_TO_OUTBOX=true, and says so at every start.
   */
  messagesToOutbox: ('mail' | 'sms')[];
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

/** Twilio's Messages API (SMS_PROVIDER=twilio). */
export interface SmsConfig {
  provider: 'twilio';
  accountSid: string;
  authToken: string;
  /** The sender id, a Twilio number or a Messaging Service `MG…` (SMS_FROM). */
  from: string;
  /** Base address of the API (TWILIO_API_URL, default https://api.twilio.com). */
  apiUrl: string;
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

/** Exit status of a process whose configuration is refused (sysexits' EX_CONFIG). */
export const EX_CONFIG = 78;

/** A setting and what is wrong with it, said so that its name reads first: `PORT must be ...`. */
export interface ConfigProblem {
  setting: string;
  problem: string;
}

/** The configuration refused: every problem found, each with how to fix it. */
export class ConfigError extends Error {
  readonly problems: ConfigProblem[];
  constructor(problems: ConfigProblem[]) {
    super(
      `${refusalHeadline(problems)}:\n${problems.map((p) => `- ${p.setting} ${p.problem}`).join('\n')}`,
    );
    this.name = 'ConfigError';
    this.problems = problems;
  }

  /** The same on one line (a log line). */
  get oneLine(): string {
    return `${refusalHeadline(this.problems)}: ${this.problems.map((p) => `${p.setting} ${p.problem}`).join('; ')}`;
  }
}

function refusalHeadline(problems: ConfigProblem[]): string {
  const count = problems.length === 1 ? 'one setting' : `${problems.length} settings`;
  return `The configuration is refused, ${count} to fix (docs/operations/configuration.md)`;
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const TWILIO_API_URL = 'https://api.twilio.com';
const SECRET_FIX = `make one with \`${MAKE_SECRET}\` (32 random bytes)`;

/** The value, trimmed; undefined when unset or blank (a blank setting is an unset one). */
function given(value: string | undefined): string | undefined {
  const text = value?.trim();
  return text ? text : undefined;
}

/** A setting that may be left out; when given, `check` says what is wrong with it, if anything. */
function setting(check?: (value: string) => string | undefined) {
  return z
    .string()
    .optional()
    .superRefine((value, ctx) => {
      const text = given(value);
      const problem = text === undefined ? undefined : check?.(text);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    });
}

const isWhole = (text: string, min: number, max: number) =>
  /^\d+$/.test(text) && Number(text) >= min && Number(text) <= max;

const wholeNumber = (min: number, max: number, unit: string) => (text: string) =>
  isWhole(text, min, max)
    ? undefined
    : `must be a whole number of ${unit} from ${min} to ${max} (it is "${text}")`;

const port = (text: string) =>
  isWhole(text, 0, 65_535) ? undefined : `must be a port from 0 to 65535 (it is "${text}")`;

const count = (text: string) =>
  /^\d+$/.test(text) ? undefined : `must be a whole number, 0 = off (it is "${text}")`;

const boolean = (text: string) =>
  text === 'true' || text === 'false' ? undefined : `must be true or false (it is "${text}")`;

/** An address with one of these schemes; not echoed back, it may hold a password. */
const address = (schemes: string[], example: string) => (text: string) => {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `is not an address: write it like ${example}`;
  }
  return schemes.includes(url.protocol.slice(0, -1))
    ? undefined
    : `must be a ${schemes.map((scheme) => `${scheme}://`).join(' or ')} address, like ${example}`;
};

const postgresAddress = address(
  ['postgres', 'postgresql'],
  'postgres://tanqin:PASSWORD@db.internal:5432/tanqin',
);

function trustProxyProblem(text: string) {
  if (['true', 'false'].includes(text) || /^\d{1,2}$/.test(text)) return undefined;
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return entries.every((entry) => isIpOrCidr(entry))
    ? undefined
    : 'must be true, false, a hop count or a list of IPs / CIDR ranges';
}

function auditSigningKeyProblem(text: string) {
  try {
    parseNoteSigner(text);
    return undefined;
  } catch {
    return (
      'is not an Ed25519 note signing key (PRIVATE+KEY+<name>+<8 hex>+<base64>): ' +
      '`npm run audit:new-key -- <name>` prints one'
    );
  }
}

/** A comma-separated list of earlier secrets (newest first); none when unset. */
function secretList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((secret) => secret.trim())
    .filter(Boolean);
}

/**
 * Every setting the server reads, each checked on its own; then what depends on several of them
 * and on production (`NODE_ENV=production`): its secrets, its database, its public address, its
 * routes for mail and text messages, its identity provider. Unset and blank are the same.
 */
const configurationSchema = z
  .object({
    NODE_ENV: setting(),
    PORT: setting(port),
    HOST: setting(),
    METRICS_HOST: setting(),
    METRICS_PORT: setting((text) =>
      isWhole(text, 0, 65_535) ? undefined : `must be a port from 1 to 65535, or 0 = off`,
    ),
    DATA_DIR: setting(),
    DOCUMENTS_DIR: setting(),
    WEB_DIST_DIR: setting(),
    DATABASE_URL: setting(postgresAddress),
    DATABASE_REPLICA_URL: setting(postgresAddress),
    EMBEDDED_DATABASE: setting(boolean),
    DATABASE_CONNECT_ATTEMPTS: setting(wholeNumber(1, 1000, 'attempts')),
    DATABASE_CONNECT_RETRY_SECONDS: setting(wholeNumber(1, 300, 'seconds')),
    REDIS_URL: setting(address(['redis', 'rediss'], 'redis://127.0.0.1:6379')),
    SMTP_URL: setting(address(['smtp', 'smtps'], 'smtps://USER:PASSWORD@smtp.example.com')),
    MAIL_FROM: setting(),
    CONTACT_INBOX: setting(),
    MESSAGES_TO_OUTBOX: setting(boolean),
    SMS_PROVIDER: setting((text) =>
      text === 'twilio' ? undefined : `must be twilio, the SMS gateway there is (it is "${text}")`,
    ),
    TWILIO_ACCOUNT_SID: setting(),
    TWILIO_AUTH_TOKEN: setting(),
    SMS_FROM: setting(),
    TWILIO_API_URL: setting(address(['https', 'http'], TWILIO_API_URL)),
    PUBLIC_URL: setting(address(['https', 'http'], 'https://tanqin.example.sa')),
    TRUST_PROXY: setting(trustProxyProblem),
    PRICE_PER_CALL: setting((text) =>
      /^\d+(\.\d{1,3})?$/.test(text)
        ? undefined
        : 'must be a decimal with at most 3 decimals, e.g. 0.005',
    ),
    REQUEST_LOG_DAYS: setting(wholeNumber(1, 3650, 'days')),
    USAGE_LOG_DAYS: setting(wholeNumber(1, 3650, 'days')),
    JWT_SECRET: setting(),
    JWT_SECRET_PREVIOUS: setting(),
    TOKEN_PEPPER: setting(),
    TOKEN_PEPPER_PREVIOUS: setting(),
    OPERATOR_TOKEN: setting(),
    AUDIT_SIGNING_KEY: setting(auditSigningKeyProblem),
    AUDIT_CHECKPOINT_SECONDS: setting(wholeNumber(1, 86_400, 'seconds')),
    MAX_CONCURRENT_REQUESTS: setting(count),
    MAX_QUEUED_REQUESTS: setting(count),
    HEADERS_TIMEOUT_SECONDS: setting(wholeNumber(1, 3600, 'seconds')),
    REQUEST_TIMEOUT_SECONDS: setting(wholeNumber(1, 3600, 'seconds')),
    LOG_LEVEL: setting((text) =>
      (LOG_LEVELS as readonly string[]).includes(text)
        ? undefined
        : `must be one of ${LOG_LEVELS.join(', ')} (it is "${text}")`,
    ),
    IDENTITY_ISSUER: setting(address(['https', 'http'], 'https://id.example.sa')),
    IDENTITY_DEVELOPMENT_PROVIDER: setting(boolean),
    IDENTITY_CLIENT_ID: setting(),
    IDENTITY_CLIENT_SECRET: setting(),
    IDENTITY_NATIONAL_ID_CLAIM: setting(),
    IDENTITY_SCOPES: setting(),
  })
  .superRefine((raw, ctx) => {
    const env = Object.fromEntries(
      Object.entries(raw).map(([name, value]) => [name, given(value)]),
    ) as Record<keyof typeof raw, string | undefined>;
    const refuse = (name: keyof typeof raw, problem: string) =>
      ctx.addIssue({ code: 'custom', path: [name], message: problem });
    const isProduction = env.NODE_ENV === 'production';

    for (const name of ['JWT_SECRET', 'TOKEN_PEPPER'] as const) {
      const secret = env[name];
      if (isProduction && !secret) refuse(name, `must be set in production: ${SECRET_FIX}`);
      const weakness = isProduction && secret ? secretWeakness(secret) : undefined;
      if (weakness) refuse(name, `is too weak, ${weakness}: ${SECRET_FIX}`);
      const previous = `${name}_PREVIOUS` as const;
      if (secret && secretList(env[previous]).includes(secret)) {
        refuse(previous, `must not list the current secret (${name})`);
      }
    }
    if (isProduction && env.JWT_SECRET && env.JWT_SECRET === env.TOKEN_PEPPER) {
      refuse('TOKEN_PEPPER', `must not be the same as JWT_SECRET: ${SECRET_FIX}`);
    }
    if (env.OPERATOR_TOKEN) {
      const weakness = isProduction
        ? secretWeakness(env.OPERATOR_TOKEN)
        : env.OPERATOR_TOKEN.length < 32
          ? 'shorter than 32 characters'
          : undefined;
      if (weakness) refuse('OPERATOR_TOKEN', `is too weak, ${weakness}: ${SECRET_FIX}`);
    }
    if (isProduction && !env.AUDIT_SIGNING_KEY) {
      refuse(
        'AUDIT_SIGNING_KEY',
        'must be set in production: `npm run audit:new-key -- <your domain>/audit` prints one ' +
          '(docs/operations/audit-checkpoints.md)',
      );
    }

    const embedded = env.EMBEDDED_DATABASE === 'true';
    if (isProduction && !env.DATABASE_URL && !embedded) {
      refuse(
        'DATABASE_URL',
        'must be set in production (postgres://USER:PASSWORD@HOST:5432/DATABASE), or ' +
          'EMBEDDED_DATABASE=true to run the embedded database in DATA_DIR on purpose',
      );
    }
    if (env.DATABASE_URL && embedded) {
      refuse('EMBEDDED_DATABASE', 'must not be true when DATABASE_URL is set: choose one database');
    }
    if (env.DATABASE_REPLICA_URL && !env.DATABASE_URL) {
      refuse('DATABASE_REPLICA_URL', 'is a standby of DATABASE_URL: set DATABASE_URL too');
    }

    if (isProduction && !env.PUBLIC_URL) {
      refuse(
        'PUBLIC_URL',
        'must be set in production: the https:// address people reach the platform at, ' +
          'e.g. https://tanqin.example.sa',
      );
    } else if (isProduction && !env.PUBLIC_URL?.startsWith('https://')) {
      refuse(
        'PUBLIC_URL',
        'must be an https:// address in production (Secure cookies and HSTS depend on it): ' +
          'serve the platform over TLS (docs/operations/deployment.md)',
      );
    }

    const toOutbox = env.MESSAGES_TO_OUTBOX === 'true';
    if (isProduction && !toOutbox && !env.SMTP_URL) {
      refuse(
        'SMTP_URL',
        'must be set in production: the mail server (smtps://USER:PASSWORD@HOST), or ' +
          'MESSAGES_TO_OUTBOX=true to write mail, password-reset links included, to ' +
          'DATA_DIR/outbox.jsonl on purpose',
      );
    }
    if (isProduction && !toOutbox && !env.SMS_PROVIDER) {
      refuse(
        'SMS_PROVIDER',
        'must be set in production: twilio, with TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and ' +
          'SMS_FROM (docs/operations/mail-and-sms.md), or MESSAGES_TO_OUTBOX=true to write text ' +
          'messages to DATA_DIR/outbox.jsonl on purpose',
      );
    }
    if (env.SMS_PROVIDER === 'twilio') {
      for (const name of ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'SMS_FROM'] as const) {
        if (!env[name]) {
          refuse(name, "must be set with SMS_PROVIDER=twilio (the account's console shows it)");
        }
      }
      const apiUrl = env.TWILIO_API_URL;
      if (isProduction && apiUrl?.startsWith('http://') && !isLocalAddress(apiUrl)) {
        refuse('TWILIO_API_URL', 'must be https:// in production (the auth token goes with it)');
      }
    }

    const issuer = env.IDENTITY_ISSUER;
    if (isProduction) {
      if (env.IDENTITY_DEVELOPMENT_PROVIDER === 'true') {
        refuse(
          'IDENTITY_DEVELOPMENT_PROVIDER',
          'must not be true in production: IDENTITY_ISSUER, IDENTITY_CLIENT_ID and ' +
            'IDENTITY_CLIENT_SECRET must be set in production',
        );
      }
      if (!issuer) {
        refuse(
          'IDENTITY_ISSUER',
          'must be set in production: your OpenID Connect provider, where individuals prove ' +
            'their national id (docs/operations/identity-provider.md); the development provider ' +
            'does not run there',
        );
      }
      for (const name of ['IDENTITY_CLIENT_ID', 'IDENTITY_CLIENT_SECRET'] as const) {
        if (!env[name]) {
          refuse(name, "must be set in production: the platform's client at IDENTITY_ISSUER");
        }
      }
      if (issuer && !issuer.startsWith('https://')) {
        refuse('IDENTITY_ISSUER', 'must be an https:// address in production');
      }
    } else if (issuer) {
      for (const name of ['IDENTITY_CLIENT_ID', 'IDENTITY_CLIENT_SECRET'] as const) {
        if (!env[name]) refuse(name, 'must be set with IDENTITY_ISSUER');
      }
    } else {
      // Unset, PUBLIC_URL is http://localhost:PORT.
      const publicUrl = env.PUBLIC_URL;
      if (publicUrl && !isLocalAddress(publicUrl) && env.IDENTITY_DEVELOPMENT_PROVIDER !== 'true') {
        refuse(
          'IDENTITY_ISSUER',
          `is not set and PUBLIC_URL (${publicUrl}) is not on this machine: set ` +
            'IDENTITY_ISSUER, IDENTITY_CLIENT_ID and IDENTITY_CLIENT_SECRET. The development ' +
            'identity provider believes any national id; it runs only on a localhost PUBLIC_URL, ' +
            'or with IDENTITY_DEVELOPMENT_PROVIDER=true on a server nobody else relies on',
        );
      }
    }
  });

type Settings = Record<keyof z.infer<typeof configurationSchema>, string | undefined>;

/** The settings the configuration reads (each a row of docs/operations/configuration.md). */
export const SETTING_NAMES = Object.keys(configurationSchema.shape) as (keyof Settings)[];

/** Every problem of this environment's configuration, in the schema's order; none: it is good. */
export function configurationProblems(env: Env): ConfigProblem[] {
  const result = configurationSchema.safeParse(env);
  return result.success ? [] : problemsOf(result.error);
}

function problemsOf(error: z.ZodError): ConfigProblem[] {
  return error.issues.map((issue) => ({
    setting: String(issue.path[0] ?? 'configuration'),
    problem: issue.message,
  }));
}

/** The environment's settings, trimmed, blank ones unset; ConfigError with every problem. */
function checkedSettings(env: Env): Settings {
  const result = configurationSchema.safeParse(env);
  if (!result.success) throw new ConfigError(problemsOf(result.error));
  return Object.fromEntries(
    SETTING_NAMES.map((name) => [name, given(result.data[name])]),
  ) as Settings;
}

/**
 * Secrets come from the environment; for local runs they are generated once into the data
 * folder, so restarts keep sessions and hashes valid. Production must set them (checked before).
 */
function loadOrCreateSecrets(dataDir: string, settings: Settings) {
  if (settings.JWT_SECRET && settings.TOKEN_PEPPER) {
    return { jwtSecret: settings.JWT_SECRET, tokenPepper: settings.TOKEN_PEPPER };
  }
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
    jwtSecret: settings.JWT_SECRET ?? stored.jwtSecret,
    tokenPepper: settings.TOKEN_PEPPER ?? stored.tokenPepper,
  };
}

/**
 * OPERATOR_TOKEN authorises operator actions (commands call the running server with it). Local
 * runs generate one into the data folder, where the commands of the same DATA_DIR find it.
 */
function loadOrCreateOperatorToken(
  dataDir: string,
  token: string | undefined,
  isProduction: boolean,
) {
  if (token) return token;
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
  configured: string | undefined,
  publicUrl: string,
) {
  if (configured) return configured;
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
function parseTrustProxy(text: string | undefined): Config['trustProxy'] {
  if (text === undefined || text === 'false' || text === '0') return false;
  if (text === 'true') return true;
  if (/^\d{1,2}$/.test(text)) return Number(text);
  return text
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
}

const numberOr = (text: string | undefined, fallback: number) =>
  text === undefined ? fallback : Number(text);

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

function identityConfig(
  settings: Settings,
  publicUrl: string,
  tokenPepper: string,
): IdentityConfig {
  const nationalIdClaim = settings.IDENTITY_NATIONAL_ID_CLAIM ?? 'national_id';
  const scopes = settings.IDENTITY_SCOPES ?? 'openid';
  const issuer = settings.IDENTITY_ISSUER;
  if (!issuer) {
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
  return {
    issuer,
    clientId: settings.IDENTITY_CLIENT_ID!,
    clientSecret: settings.IDENTITY_CLIENT_SECRET!,
    nationalIdClaim,
    scopes,
    development: false,
  };
}

function smsConfig(settings: Settings): SmsConfig | undefined {
  if (settings.SMS_PROVIDER !== 'twilio') return undefined;
  return {
    provider: 'twilio',
    accountSid: settings.TWILIO_ACCOUNT_SID!,
    authToken: settings.TWILIO_AUTH_TOKEN!,
    from: settings.SMS_FROM!,
    apiUrl: settings.TWILIO_API_URL ?? TWILIO_API_URL,
  };
}

/**
 * The configuration from the environment, checked whole first: ConfigError names every problem
 * at once (the setting, what is wrong, how to fix it). Local runs need no setting at all.
 */
export function loadConfig(env: Env = process.env): Config {
  const settings = checkedSettings(env);
  const isProduction = settings.NODE_ENV === 'production';
  const dataDir = path.resolve(settings.DATA_DIR ?? path.join(repoRoot, 'data'));
  mkdirSync(dataDir, { recursive: true });
  const port = numberOr(settings.PORT, 3000);
  const host = settings.HOST ?? '0.0.0.0';
  const publicUrl = settings.PUBLIC_URL ?? `http://localhost:${port}`;
  const secrets = loadOrCreateSecrets(dataDir, settings);
  const sms = smsConfig(settings);
  const smtpUrl = settings.SMTP_URL;
  return {
    port,
    host,
    metricsHost: settings.METRICS_HOST ?? host,
    dataDir,
    documentsDir: path.resolve(settings.DOCUMENTS_DIR ?? path.join(dataDir, 'documents')),
    databaseUrl: settings.DATABASE_URL,
    databaseConnect: {
      attempts: numberOr(settings.DATABASE_CONNECT_ATTEMPTS, 10),
      retryMs: numberOr(settings.DATABASE_CONNECT_RETRY_SECONDS, 2) * 1000,
    },
    databaseReplicaUrl: settings.DATABASE_REPLICA_URL,
    redisUrl: settings.REDIS_URL,
    smtpUrl,
    sms,
    messagesToOutbox: [...(smtpUrl ? [] : ['mail' as const]), ...(sms ? [] : ['sms' as const])],
    mailFrom: settings.MAIL_FROM ?? 'Tanqin <no-reply@tanqin.sa>',
    contactInbox: settings.CONTACT_INBOX ?? CONTACT_EMAIL,
    publicUrl,
    trustProxy: parseTrustProxy(settings.TRUST_PROXY),
    pricePerCall: settings.PRICE_PER_CALL ?? DEFAULT_PRICE_PER_CALL,
    requestLogDays: numberOr(settings.REQUEST_LOG_DAYS, 30),
    usageLogDays: numberOr(settings.USAGE_LOG_DAYS, 90),
    isProduction,
    operatorToken: loadOrCreateOperatorToken(dataDir, settings.OPERATOR_TOKEN, isProduction),
    maxConcurrentRequests:
      settings.MAX_CONCURRENT_REQUESTS === undefined
        ? undefined
        : Number(settings.MAX_CONCURRENT_REQUESTS),
    maxQueuedRequests:
      settings.MAX_QUEUED_REQUESTS === undefined ? undefined : Number(settings.MAX_QUEUED_REQUESTS),
    metricsPort: numberOr(settings.METRICS_PORT, 0) || undefined,
    headersTimeoutMs: numberOr(settings.HEADERS_TIMEOUT_SECONDS, 10) * 1000,
    requestTimeoutMs: numberOr(settings.REQUEST_TIMEOUT_SECONDS, 60) * 1000,
    logLevel: settings.LOG_LEVEL ?? (settings.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDistDir: path.resolve(settings.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    ...secrets,
    jwtSecretsPrevious: secretList(settings.JWT_SECRET_PREVIOUS),
    tokenPeppersPrevious: secretList(settings.TOKEN_PEPPER_PREVIOUS),
    identity: identityConfig(settings, publicUrl, secrets.tokenPepper),
    auditSigningKey: loadOrCreateAuditSigningKey(dataDir, settings.AUDIT_SIGNING_KEY, publicUrl),
    auditCheckpointSeconds: numberOr(settings.AUDIT_CHECKPOINT_SECONDS, 60),
  };
}

/** For the commands: the configuration, or every problem on stderr and exit 78 (EX_CONFIG). */
export function loadConfigOrExit(env: Env = process.env): Config {
  try {
    return loadConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(EX_CONFIG);
  }
}
