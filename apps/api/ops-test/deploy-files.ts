import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Agent, setGlobalDispatcher } from 'undici';
import { repoRoot } from '../test/server-process.ts';

/*
 * The files an operator installs, from deploy/, made into this machine's setup: the systemd
 * unit's command and environment, /etc/tanqin/env from its example, nginx's site with its ports
 * and a certificate of the test's, and a `systemctl` that deploy/rolling-restart.sh calls. Only
 * ports, paths and secrets are replaced; every replacement is checked to have happened, so a
 * change to a deploy/ file is a change to what the test runs.
 */

export const deployDir = path.join(repoRoot, 'deploy');
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

function replaceOnce(text: string, from: string | RegExp, to: string, file: string): string {
  const found = typeof from === 'string' ? text.includes(from) : from.test(text);
  if (!found) throw new Error(`${file} no longer has ${String(from)}: update the deployment test`);
  return text.replace(from, to);
}

/** deploy/systemd/tanqin@.service for instance `port`: its command, directory and environment. */
export function unitFor(port: number) {
  const file = 'deploy/systemd/tanqin@.service';
  const unit = readFileSync(path.join(repoRoot, file), 'utf8').replaceAll('%i', String(port));
  const values = (key: string) =>
    [...unit.matchAll(new RegExp(`^${key}=(.*)$`, 'gm'))].map((match) => match[1]!.trim());
  const environment: Record<string, string> = {};
  for (const line of values('Environment')) {
    for (const pair of line.split(/\s+/)) {
      const [key, ...rest] = pair.split('=');
      environment[key!] = rest.join('=');
    }
  }
  const [execStart] = values('ExecStart');
  if (!execStart) throw new Error(`${file} has no ExecStart`);
  const [program, ...args] = execStart.split(/\s+/);
  // The unit's /usr/bin/node is the Node this test runs on; its WorkingDirectory is this checkout.
  if (program !== '/usr/bin/node') throw new Error(`${file} runs ${program}, not /usr/bin/node`);
  if (values('WorkingDirectory')[0] !== '/srv/tanqin') {
    throw new Error(`${file}: WorkingDirectory is not /srv/tanqin`);
  }
  return { command: process.execPath, args, cwd: repoRoot, environment, unit };
}

/**
 * /etc/tanqin/env from deploy/tanqin.env.example: every setting it names gets a value from
 * `values`, except those in `leftOut` (said why by the caller); `added` are settings the example
 * does not name. A setting of the example with no value here fails the test.
 */
export function envFileFor(
  values: Record<string, string>,
  leftOut: Record<string, string> = {},
  added: Record<string, string> = {},
) {
  const example = readFileSync(path.join(deployDir, 'tanqin.env.example'), 'utf8');
  const names = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]!);
  const env: Record<string, string> = {};
  for (const name of names) {
    if (name in leftOut) continue;
    const value = values[name];
    if (value === undefined) throw new Error(`tanqin.env.example names ${name}: give it a value`);
    env[name] = value;
  }
  for (const name of Object.keys(values)) {
    if (!names.includes(name)) throw new Error(`${name} is not in tanqin.env.example`);
  }
  for (const [name, value] of Object.entries(added)) {
    if (names.includes(name)) throw new Error(`${name} is in tanqin.env.example: not an addition`);
    env[name] = value;
  }
  return { names, env };
}

/** A self-signed certificate for 127.0.0.1, and this process's fetch trusting it. */
export function localCertificate(folder: string) {
  const cert = path.join(folder, 'fullchain.pem');
  const key = path.join(folder, 'privkey.pem');
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '2',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  return {
    cert,
    key,
    trust: () => setGlobalDispatcher(new Agent({ connect: { ca: readFileSync(cert) } })),
  };
}

/** deploy/nginx/tanqin.conf with this machine's ports and certificate. */
export function nginxSiteFor(options: {
  upstreamPorts: number[];
  httpPort: number;
  httpsPort: number;
  cert: string;
  key: string;
}) {
  const file = 'deploy/nginx/tanqin.conf';
  let site = readFileSync(path.join(repoRoot, file), 'utf8');
  const upstream = /^(\s*)server 127\.0\.0\.1:3001 (.*)$\n^\s*server 127\.0\.0\.1:3002 .*$/m;
  const match = upstream.exec(site);
  if (!match) throw new Error(`${file} no longer has the two upstream lines`);
  const [, indent, parameters] = match;
  site = site.replace(
    upstream,
    options.upstreamPorts
      .map((port) => `${indent}server 127.0.0.1:${port} ${parameters}`)
      .join('\n'),
  );
  site = replaceOnce(site, /listen 80;/, `listen 127.0.0.1:${options.httpPort};`, file);
  site = replaceOnce(site, /listen 443 ssl/, `listen 127.0.0.1:${options.httpsPort} ssl`, file);
  site = replaceOnce(site, /ssl_certificate\s+\S+;/, `ssl_certificate ${options.cert};`, file);
  site = replaceOnce(
    site,
    /ssl_certificate_key\s+\S+;/,
    `ssl_certificate_key ${options.key};`,
    file,
  );
  const directives = site.replace(/#.*$/gm, '');
  if (/\b(3001|3002|listen 80;|listen 443)\b/.test(directives) || directives.includes('/etc/')) {
    throw new Error(`${file}: something of the machine's was not replaced:\n${site}`);
  }
  return site;
}

/** nginx in the foreground, `site` in its http block, its files in a folder of its own. */
export async function startNginx(site: string, readyUrl: string) {
  const prefix = mkdtempSync(path.join(tmpdir(), 'tanqin-nginx-'));
  for (const folder of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(path.join(prefix, folder));
  }
  const temp = (name: string) =>
    `${name}_temp_path ${path.join(prefix, name === 'client_body' ? 'body' : name)};`;
  const config = `
${process.getuid?.() === 0 ? 'user root;' : ''}
daemon off;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
events { worker_connections 1024; }
http {
  access_log ${prefix}/access.log;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
${site}
}`;
  const file = path.join(prefix, 'nginx.conf');
  writeFileSync(file, config);
  const child = spawn(NGINX, ['-p', prefix, '-c', file], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (const until = Date.now() + 20_000; ; ) {
    if (child.exitCode !== null) throw new Error(`nginx exited: ${output}`);
    const ready = await fetch(readyUrl).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > until) throw new Error(`nginx not answering: ${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    child: child as ChildProcess,
    errorLog: () => readFileSync(path.join(prefix, 'error.log'), 'utf8'),
    async stop() {
      child.kill('SIGQUIT');
      await exited;
      rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** A server process started as systemd starts the unit's instance. */
export interface UnitProcess {
  port: number;
  child: ChildProcess;
  startedAt: number;
  exited: Promise<number | null>;
  output(): string;
  /** Resolves the milliseconds from start until /api/v1/health/ready answered 200. */
  ready: Promise<number>;
}

const READY_POLL_MS = 25;

export function startUnit(port: number, envFile: Record<string, string>): UnitProcess {
  const unit = unitFor(port);
  const child = spawn(unit.command, unit.args, {
    cwd: unit.cwd,
    // What systemd gives a service: its EnvironmentFile and Environment, a PATH, nothing else.
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...envFile, ...unit.environment },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const startedAt = Date.now();
  // The log is kept short: 20 clients make a lot of it.
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk).slice(-200_000);
  };
  child.stdout!.on('data', keep);
  child.stderr!.on('data', keep);
  let hasExited = false;
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  void exited.then(() => (hasExited = true));
  const ready = (async () => {
    for (const until = startedAt + 120_000; ; ) {
      if (hasExited) throw new Error(`port ${port}: exited before it was ready:\n${output}`);
      const answered = await fetch(`http://127.0.0.1:${port}/api/v1/health/ready`).then(
        (res) => res.ok,
        () => false,
      );
      if (answered) return Date.now() - startedAt;
      if (Date.now() > until) throw new Error(`port ${port}: not ready in 120 s:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, READY_POLL_MS));
    }
  })();
  ready.catch(() => {});
  return { port, child, startedAt, exited, output: () => output, ready };
}

/**
 * systemd for the deployment's units: `systemctl restart tanqin@PORT` (a script of that name on
 * the PATH of deploy/rolling-restart.sh) stops the instance with the unit's KillSignal, waits for
 * it to exit and starts it again, answering once it is started, as systemctl does for a simple
 * service.
 */
export async function startSupervisor(envFile: Record<string, string>) {
  const units = new Map<number, UnitProcess>();
  const stops: { port: number; ms: number; code: number | null }[] = [];
  const starts: { port: number; ms: number }[] = [];
  const killSignal = (/^KillSignal=(\S+)$/m.exec(unitFor(0).unit)?.[1] ??
    'SIGTERM') as NodeJS.Signals;

  const start = (port: number) => {
    const started = startUnit(port, envFile);
    units.set(port, started);
    void started.ready.then((ms) => starts.push({ port, ms }));
    return started;
  };
  const restart = async (port: number) => {
    const running = units.get(port);
    if (!running) throw new Error(`tanqin@${port} is not a unit of this test`);
    const signalledAt = Date.now();
    running.child.kill(killSignal);
    const code = await running.exited;
    stops.push({ port, ms: Date.now() - signalledAt, code });
    start(port);
  };

  const server: Server = createServer((request, response) => {
    request.resume();
    const match = /^\/restart\/tanqin@(\d+)$/.exec(request.url ?? '');
    if (request.method !== 'POST' || !match) {
      response.writeHead(404).end('unknown unit\n');
      return;
    }
    restart(Number(match[1])).then(
      () => response.end(),
      (error: Error) => response.writeHead(500).end(`${error.message}\n`),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const supervisorPort = typeof address === 'object' && address ? address.port : 0;

  // The `systemctl` deploy/rolling-restart.sh finds first on its PATH.
  const bin = mkdtempSync(path.join(tmpdir(), 'tanqin-systemctl-'));
  writeFileSync(
    path.join(bin, 'systemctl'),
    `#!/bin/sh
# systemctl for apps/api/ops-test: "systemctl restart tanqin@PORT" only.
[ "$1" = restart ] || { echo "systemctl (test): only restart" >&2; exit 1; }
exec curl -fsS -X POST "http://127.0.0.1:${supervisorPort}/restart/$2"
`,
  );
  chmodSync(path.join(bin, 'systemctl'), 0o755);

  return {
    units,
    stops,
    starts,
    start,
    /** PATH for deploy/rolling-restart.sh: this `systemctl` first. */
    path: `${bin}:${process.env.PATH ?? '/usr/bin:/bin'}`,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      await Promise.all(
        [...units.values()].map((unit) => {
          if (unit.child.exitCode === null) unit.child.kill('SIGKILL');
          return unit.exited;
        }),
      );
      rmSync(bin, { recursive: true, force: true });
    },
  };
}
