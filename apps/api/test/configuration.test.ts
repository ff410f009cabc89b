import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  ConfigError,
  configurationProblems,
  EX_CONFIG,
  loadConfig,
  SETTING_NAMES,
} from '../src/config.ts';
import {
  DatabaseUnavailableError,
  EX_UNAVAILABLE,
  waitForDatabase,
} from '../src/db/wait-for-database.ts';
import { secretWeakness } from '../src/lib/secret-strength.ts';
import { freePort, repoRoot } from './server-process.ts';

const folders: string[] = [];
const dataDir = () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'tanqin-configuration-'));
  folders.push(folder);
  return folder;
};
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

/** Everything production requires, each as an operator would make it. */
const PRODUCTION_ENV: Record<string, string> = {
  NODE_ENV: 'production',
  JWT_SECRET: randomBytes(32).toString('base64'),
  TOKEN_PEPPER: randomBytes(32).toString('hex'),
  AUDIT_SIGNING_KEY:
    'PRIVATE+KEY+bench.tanqin/audit+87847a8b+Aem1aiAettEDVWeqy2OVSE9FvDgPVf4VZHKpUCNRU0nI',
  DATABASE_URL: 'postgres://tanqin:password@db.internal:5432/tanqin',
  PUBLIC_URL: 'https://tanqin.example.sa',
  SMTP_URL: 'smtps://tanqin:password@smtp.example.sa',
  SMS_PROVIDER: 'twilio',
  TWILIO_ACCOUNT_SID: 'AC0123',
  TWILIO_AUTH_TOKEN: 'twilio-token',
  SMS_FROM: 'Tanqin',
  IDENTITY_ISSUER: 'https://id.example.sa',
  IDENTITY_CLIENT_ID: 'tanqin',
  IDENTITY_CLIENT_SECRET: 'client-secret',
};

/** Every setting the schema reads, unset (blank): a child process inherits none from the runner. */
const NOTHING_SET = Object.fromEntries(SETTING_NAMES.map((name) => [name, '']));

const settingsOf = (env: Record<string, string>) =>
  configurationProblems(env).map((problem) => problem.setting);

describe('the configuration, checked whole at start', () => {
  it('lists in one refusal every setting production lacks, each with how to make it', () => {
    const env = { NODE_ENV: 'production', DATA_DIR: dataDir() };
    expect(settingsOf(env)).toEqual([
      'JWT_SECRET',
      'TOKEN_PEPPER',
      'AUDIT_SIGNING_KEY',
      'DATABASE_URL',
      'PUBLIC_URL',
      'SMTP_URL',
      'SMS_PROVIDER',
      'IDENTITY_ISSUER',
      'IDENTITY_CLIENT_ID',
      'IDENTITY_CLIENT_SECRET',
    ]);
    let refusal: unknown;
    try {
      loadConfig(env);
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ConfigError);
    const { message } = refusal as ConfigError;
    expect(message).toMatch(/^The configuration is refused, 10 settings to fix/);
    expect(message).toContain(
      '- JWT_SECRET must be set in production: make one with `openssl rand -base64 32`',
    );
    expect(message).toContain('npm run audit:new-key');
    expect(message).toContain('EMBEDDED_DATABASE=true');
    expect(message).toContain('MESSAGES_TO_OUTBOX=true');
  });

  it('takes a complete production configuration, and no setting at all outside production', () => {
    const config = loadConfig({ ...PRODUCTION_ENV, DATA_DIR: dataDir() });
    expect(config.isProduction).toBe(true);
    expect(config.sms).toEqual({
      provider: 'twilio',
      accountSid: 'AC0123',
      authToken: 'twilio-token',
      from: 'Tanqin',
      apiUrl: 'https://api.twilio.com',
    });
    expect(config.messagesToOutbox).toEqual([]);
    expect(config.databaseConnect).toEqual({ attempts: 10, retryMs: 2000 });
    for (const NODE_ENV of ['', 'development', 'test']) {
      const local = loadConfig({ NODE_ENV, DATA_DIR: dataDir() });
      expect(local.messagesToOutbox).toEqual(['mail', 'sms']);
      expect(local.identity.development).toBe(true);
    }
  });

  it('refuses weak secrets in production and says how to make a strong one', () => {
    const weak = [
      'x',
      'short',
      'j'.repeat(64),
      'production-jwt-secret-0123456789abcdef0123456789',
      `${'0123456789abcdef'.repeat(4)}`,
      `Zx9${'0123456789abcdefghijklmnopqrstuvwxyz'}Q`,
      'kP3vXq8LmN2rTz7W'.repeat(3),
    ];
    for (const secret of weak) {
      expect(secretWeakness(secret), secret).toBeDefined();
      const problems = configurationProblems({ ...PRODUCTION_ENV, TOKEN_PEPPER: secret });
      expect(problems, secret).toEqual([
        {
          setting: 'TOKEN_PEPPER',
          problem: expect.stringMatching(/^is too weak, .*openssl rand -base64 32/),
        },
      ]);
    }
    expect(
      settingsOf({ ...PRODUCTION_ENV, JWT_SECRET: 'x', OPERATOR_TOKEN: 'o'.repeat(40) }),
    ).toEqual(['JWT_SECRET', 'OPERATOR_TOKEN']);
    expect(
      settingsOf({ ...PRODUCTION_ENV, TOKEN_PEPPER: PRODUCTION_ENV.JWT_SECRET! }),
      'one secret for both',
    ).toEqual(['TOKEN_PEPPER']);
    for (let i = 0; i < 300; i++) {
      const bytes = randomBytes(32);
      for (const secret of [
        bytes.toString('base64'),
        bytes.toString('base64url'),
        bytes.toString('hex'),
      ]) {
        expect(secretWeakness(secret), secret).toBeUndefined();
      }
    }
  });

  it('makes production name its database, and serve https', () => {
    const { DATABASE_URL: _, ...withoutDatabase } = PRODUCTION_ENV;
    expect(configurationProblems(withoutDatabase)).toEqual([
      { setting: 'DATABASE_URL', problem: expect.stringContaining('EMBEDDED_DATABASE=true') },
    ]);
    expect(settingsOf({ ...withoutDatabase, EMBEDDED_DATABASE: 'true' })).toEqual([]);
    expect(settingsOf({ ...PRODUCTION_ENV, EMBEDDED_DATABASE: 'true' })).toEqual([
      'EMBEDDED_DATABASE',
    ]);
    expect(settingsOf({ ...PRODUCTION_ENV, DATABASE_URL: 'mysql://db/tanqin' })).toEqual([
      'DATABASE_URL',
    ]);
    expect(
      configurationProblems({ ...PRODUCTION_ENV, PUBLIC_URL: 'http://tanqin.example.sa' }),
    ).toEqual([
      { setting: 'PUBLIC_URL', problem: expect.stringMatching(/^must be an https:\/\/ address/) },
    ]);
  });

  it('sends messages to the outbox in production only when MESSAGES_TO_OUTBOX=true says so', () => {
    const withoutRoutes = Object.fromEntries(
      Object.entries(PRODUCTION_ENV).filter(([name]) => !/^(SMTP|SMS|TWILIO)_/.test(name)),
    );
    expect(settingsOf(withoutRoutes)).toEqual(['SMTP_URL', 'SMS_PROVIDER']);
    const outbox = loadConfig({
      ...withoutRoutes,
      MESSAGES_TO_OUTBOX: 'true',
      DATA_DIR: dataDir(),
    });
    expect(outbox.messagesToOutbox).toEqual(['mail', 'sms']);
    expect(outbox.sms).toBeUndefined();
    expect(settingsOf({ ...withoutRoutes, MESSAGES_TO_OUTBOX: 'yes' })).toEqual([
      'MESSAGES_TO_OUTBOX',
      'SMTP_URL',
      'SMS_PROVIDER',
    ]);
    expect(
      settingsOf({ ...withoutRoutes, MESSAGES_TO_OUTBOX: 'true', SMS_PROVIDER: 'twilio' }),
    ).toEqual(['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'SMS_FROM']);
    expect(settingsOf({ SMS_PROVIDER: 'unifonic' })).toEqual(['SMS_PROVIDER']);
  });

  it('checks every setting, in production or not, and lets METRICS_HOST differ from HOST', () => {
    expect(
      settingsOf({
        PORT: 'eighty',
        PRICE_PER_CALL: '0.0001',
        REQUEST_LOG_DAYS: '0',
        LOG_LEVEL: 'loud',
        TRUST_PROXY: 'proxy.internal',
        DATABASE_CONNECT_ATTEMPTS: '0',
        DATABASE_REPLICA_URL: 'postgres://replica/tanqin',
      }),
    ).toEqual([
      'PORT',
      'DATABASE_CONNECT_ATTEMPTS',
      'TRUST_PROXY',
      'PRICE_PER_CALL',
      'REQUEST_LOG_DAYS',
      'LOG_LEVEL',
      'DATABASE_REPLICA_URL',
    ]);
    const local = { DATA_DIR: dataDir(), HOST: '127.0.0.1' };
    expect(loadConfig(local).metricsHost).toBe('127.0.0.1');
    expect(loadConfig({ ...local, METRICS_HOST: '10.0.0.5' }).metricsHost).toBe('10.0.0.5');
  });

  it('names the host and port of a database that does not answer, once, then gives up', async () => {
    const port = await freePort();
    const lines: string[] = [];
    const log = {
      info: (_: object, message: string) => lines.push(message),
      warn: (_: object, message: string) => lines.push(message),
    };
    const url = `postgres://tanqin:password@127.0.0.1:${port}/tanqin`;
    const failure = await waitForDatabase(url, { attempts: 3, retryMs: 20 }, log).catch((e) => e);
    expect(failure).toBeInstanceOf(DatabaseUnavailableError);
    expect(failure.exitCode).toBe(EX_UNAVAILABLE);
    expect(failure.message).toMatch(
      new RegExp(
        `^the database at 127\\.0\\.0\\.1:${port} does not answer \\(ECONNREFUSED\\) after 3 attempts`,
      ),
    );
    expect(failure.message).not.toContain('password');
    expect(lines).toEqual([
      `the database at 127.0.0.1:${port} does not answer (ECONNREFUSED): trying again every 0.02 s, 3 attempts in all`,
    ]);
  });

  it('stops a server with a refused configuration or no database: one JSON line, no stack trace; warns of the outbox', async () => {
    const run = (env: Record<string, string>) =>
      new Promise<{ status: number | null; output: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          ['--import', './scripts/register-typescript.mjs', 'apps/api/src/main.ts'],
          {
            cwd: repoRoot,
            env: { ...process.env, ...NOTHING_SET, DATA_DIR: dataDir(), ...env },
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        let output = '';
        child.stdout.on('data', (chunk) => (output += chunk));
        child.stderr.on('data', (chunk) => (output += chunk));
        child.once('exit', (status) => resolve({ status, output }));
      });
    const port = await freePort();
    const [refused, unreachable] = await Promise.all([
      run({ NODE_ENV: 'production', TOKEN_PEPPER: 'short' }),
      run({
        ...PRODUCTION_ENV,
        SMS_PROVIDER: '',
        MESSAGES_TO_OUTBOX: 'true',
        DATABASE_URL: `postgres://tanqin:db-pass-7Qx@127.0.0.1:${port}/tanqin`,
        DATABASE_CONNECT_ATTEMPTS: '1',
        LOG_LEVEL: 'info',
      }),
    ]);

    expect(refused.status).toBe(EX_CONFIG);
    const lines = refused.output.trim().split('\n');
    expect(lines).toHaveLength(1);
    const line = JSON.parse(lines[0]!);
    expect(line.level).toBe(60);
    expect(line.msg).toMatch(
      /^Tanqin \d+\.\d+\.\d+ does not start\. The configuration is refused, 10 settings/,
    );
    expect(line.msg).toContain('TOKEN_PEPPER is too weak');
    expect(line.problems.map((p: { setting: string }) => p.setting)).toContain(
      'IDENTITY_CLIENT_ID',
    );
    expect(refused.output).not.toMatch(/\n\s+at /);

    expect(unreachable.status).toBe(EX_UNAVAILABLE);
    const logged = unreachable.output
      .trim()
      .split('\n')
      .map((text) => JSON.parse(text));
    expect(logged[0].msg).toMatch(/^Tanqin \d+\.\d+\.\d+ starting/);
    expect(logged[1]).toMatchObject({
      level: 40,
      msg: expect.stringMatching(
        /^MESSAGES_TO_OUTBOX=true: text messages \(no SMS_PROVIDER\) go to /,
      ),
    });
    expect(logged.filter((entry) => entry.msg.includes(`127.0.0.1:${port}`))).toHaveLength(1);
    expect(logged.at(-1)).toMatchObject({ level: 60, database: `127.0.0.1:${port}` });
    expect(logged.every((entry) => entry.version === logged[0].version)).toBe(true);
    expect(unreachable.output).not.toMatch(/\n\s+at |db-pass-7Qx/);
  });
});
