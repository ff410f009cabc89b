import { randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { configurationProblems, loadConfig } from '../src/config.ts';

const ROOT = resolve(import.meta.dirname, '../../..');
const TABLE = 'docs/operations/configuration.md';
const NAME = /^[A-Z][A-Z0-9_]+$/;

/** The variables named in the first column of a section's table (`A` / `B` rows name two). */
function tableVariables(section: string): Set<string> {
  const text = readFileSync(join(ROOT, TABLE), 'utf8');
  const body = text.split(`## ${section}\n`)[1]?.split(/\n## /)[0] ?? '';
  const names = body
    .split('\n')
    .filter((line) => line.startsWith('|') && !line.startsWith('| -') && !line.startsWith('|--'))
    .slice(1) // the header row
    .flatMap((line) => [...(line.split('|')[1] ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1]!));
  return new Set(names.filter((name) => NAME.test(name)));
}

function serverSources(folder = join(ROOT, 'apps/api/src')): string[] {
  return readdirSync(folder, { withFileTypes: true, recursive: true })
    .filter(
      (entry) => entry.isFile() && /\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name),
    )
    .map((entry) => join(entry.parentPath, entry.name));
}

/**
 * What the server reads, found twice: by running loadConfig on an environment that records each
 * name asked for (development, production, a real identity provider: the branches that read
 * different names), and by reading the source (`env.NAME`, `env['NAME']`, `process.env.NAME`, a
 * bare 'NAME' literal handed to a helper), so a name read only on a branch no run takes is found.
 */
const folders: string[] = [];
function readByLoadConfig(): Set<string> {
  const read = new Set<string>();
  const scenarios: Record<string, string>[] = [
    {},
    { IDENTITY_ISSUER: 'https://id.example', IDENTITY_CLIENT_ID: 'c', IDENTITY_CLIENT_SECRET: 's' },
    {
      NODE_ENV: 'production',
      JWT_SECRET: randomBytes(32).toString('base64'),
      TOKEN_PEPPER: randomBytes(32).toString('base64'),
      OPERATOR_TOKEN: randomBytes(32).toString('base64'),
      AUDIT_SIGNING_KEY:
        'PRIVATE+KEY+bench.tanqin/audit+87847a8b+Aem1aiAettEDVWeqy2OVSE9FvDgPVf4VZHKpUCNRU0nI',
      DATABASE_URL: 'postgres://tanqin@db.example/tanqin',
      PUBLIC_URL: 'https://tanqin.example',
      SMTP_URL: 'smtps://mail.example',
      SMS_PROVIDER: 'twilio',
      TWILIO_ACCOUNT_SID: 'AC1',
      TWILIO_AUTH_TOKEN: 't',
      SMS_FROM: 'Tanqin',
      IDENTITY_ISSUER: 'https://id.example',
      IDENTITY_CLIENT_ID: 'c',
      IDENTITY_CLIENT_SECRET: 's',
    },
  ];
  for (const scenario of scenarios) {
    const dataDir = mkdtempSync(join(tmpdir(), 'tanqin-config-doc-'));
    folders.push(dataDir);
    const values: Record<string, string> = { ...scenario, DATA_DIR: dataDir };
    const env = new Proxy(values, {
      get(target, name) {
        if (typeof name === 'string') read.add(name);
        return target[name as string];
      },
    });
    loadConfig(env);
  }
  return read;
}

function readInSource(): Set<string> {
  const read = new Set<string>();
  for (const file of serverSources()) {
    const text = readFileSync(file, 'utf8');
    const isConfig = file.endsWith('/config.ts');
    const patterns = [
      /\b(?:process\.)?env\.([A-Z][A-Z0-9_]+)\b/g,
      /\benv\[\s*'([A-Z][A-Z0-9_]+)'\s*\]/g,
      // In config.ts, names handed to a helper that reads env[name].
      ...(isConfig ? [/[(,]\s*'([A-Z][A-Z0-9_]+)'\s*[,)]/g] : []),
    ];
    for (const pattern of patterns) for (const m of text.matchAll(pattern)) read.add(m[1]!);
  }
  return read;
}

afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe(`the configuration table (${TABLE})`, () => {
  const documented = tableVariables('Server settings');
  const read = new Set([...readByLoadConfig(), ...readInSource()].filter((n) => NAME.test(n)));

  it('has a row for every variable the server reads', () => {
    expect(read.size).toBeGreaterThan(20);
    expect([...read].filter((name) => !documented.has(name)).sort()).toEqual([]);
  });

  it('has no row for a variable the server does not read', () => {
    expect([...documented].filter((name) => !read.has(name)).sort()).toEqual([]);
  });

  it("names in its tools' table only variables the tools read", () => {
    const tools = tableVariables('Used by the tools, not the server');
    expect(tools.size).toBeGreaterThan(0);
    const toolSources = ['e2e', 'scripts']
      .flatMap((folder) =>
        readdirSync(join(ROOT, folder), { withFileTypes: true, recursive: true })
          .filter(
            (e) =>
              e.isFile() && /\.(ts|mjs)$/.test(e.name) && !e.parentPath.includes('node_modules'),
          )
          .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8')),
      )
      .join('\n');
    for (const name of tools) expect(toolSources, name).toMatch(new RegExp(`env\\.${name}\\b`));
  });
});

describe('CHANGELOG.md', () => {
  const changelog = readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8');
  const version = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version as string;

  it("has package.json's version as its newest release", () => {
    const releases = [...changelog.matchAll(/^## (\d+\.\d+\.\d+) \(\d{4}-\d{2}-\d{2}\)$/gm)];
    expect(releases[0]?.[1]).toBe(version);
    // Only an "Unreleased" section may come before it.
    const before = changelog.slice(0, releases[0]!.index).match(/^## .*$/gm) ?? [];
    expect(before.filter((heading) => heading !== '## Unreleased')).toEqual([]);
  });

  it('has an upgrade note for every setting production requires', () => {
    // What production refuses to start without, from the configuration's own schema.
    const required = new Set(
      [{ NODE_ENV: 'production' }, { NODE_ENV: 'production', SMS_PROVIDER: 'twilio' }]
        .flatMap((env) => configurationProblems(env))
        .filter((problem) => /^must be set\b/.test(problem.problem))
        .map((problem) => problem.setting),
    );
    expect(required.size).toBeGreaterThan(10);
    const notes = changelog
      .split(/^### Upgrade notes$/m)
      .slice(1)
      .map((section) => section.split(/^##/m)[0])
      .join('\n');
    expect([...required].filter((name) => !notes.includes(`\`${name}\``))).toEqual([]);
  });
});
