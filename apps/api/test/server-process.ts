import { type ChildProcess, execFile, spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from './free-port.ts';

export { freePort };

export const repoRoot = path.resolve(import.meta.dirname, '../../..');

export interface ServerProcess {
  child: ChildProcess;
  port: number;
  baseUrl: string;
  /** stdout + stderr so far. */
  output(): string;
  /** Resolves with the exit code when the process ends. */
  exited: Promise<number | null>;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * Runs a server entry (the product's `apps/api/src/main.ts` by default) as a child process on a
 * free port; `ready` waits until /api/v1/health answers (or the process ends first).
 */
export function spawnServer(
  env: Record<string, string>,
  entry = 'apps/api/src/main.ts',
): ServerProcess & { ready(deadlineMs?: number): Promise<void> } {
  const port = Number(env.PORT);
  const child = spawn(process.execPath, ['--import', './scripts/register-typescript.mjs', entry], {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr!.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    child,
    port,
    baseUrl,
    output: () => output,
    exited,
    async ready(deadlineMs = 60_000) {
      const until = Date.now() + deadlineMs;
      for (;;) {
        if (hasExited) throw new Error(`server exited before it was ready:\n${output}`);
        const answered = await fetch(`${baseUrl}/api/v1/health`).then(
          (res) => res.ok,
          () => false,
        );
        if (answered) return;
        if (Date.now() > until) throw new Error(`server not ready in ${deadlineMs} ms:\n${output}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async stop(signal = 'SIGTERM') {
      if (!hasExited) child.kill(signal);
      return exited;
    },
  };
}

/** Starts a server process and waits until it answers. */
export async function startServer(env: Record<string, string>, entry?: string) {
  const server = spawnServer({ PORT: String(await freePort()), ...env }, entry);
  try {
    await server.ready();
  } catch (error) {
    await server.stop('SIGKILL');
    throw error;
  }
  return server;
}

/** Runs one of the product's commands; resolves its exit code and output. */
export function runCommand(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', './scripts/register-typescript.mjs', script, ...args],
      { cwd: repoRoot, env: { ...process.env, LOG_LEVEL: 'warn', ...env } },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}
