import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { request, type TestServer } from './harness.ts';
import { createIndividual } from './personal-helpers.ts';
import {
  freePort,
  runCommand,
  type ServerProcess,
  spawnServer,
  startServer,
} from './server-process.ts';

const REVIEW = 'apps/api/src/commands/review-document.ts';

describe('one process per embedded data folder, operator actions through it', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'tanqin-folder-'));
  // The product as `npm start` runs it: embedded PGlite in DATA_DIR, secrets generated there.
  const env = { DATA_DIR: dataDir, DATABASE_URL: '', REDIS_URL: '', NODE_ENV: 'test' };
  const lockFile = path.join(dataDir, 'tanqin.lock');
  const running: ServerProcess[] = [];
  afterAll(async () => {
    for (const server of running) await server.stop('SIGKILL');
  });

  it('refuses a second server, reviews through the running one, survives kill -9', async () => {
    const first = await startServer(env);
    running.push(first);
    expect(JSON.parse(readFileSync(lockFile, 'utf8')).pid).toBe(first.child.pid);

    // A second server on the same folder stops at once and names the one running.
    const second = spawnServer({ ...env, PORT: String(await freePort()) });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain(`in use by Tanqin process ${first.child.pid}`);
    expect(second.output()).toContain('DATA_DIR');

    // A person uploads a document to the running server.
    const person = await createIndividual({
      baseUrl: first.baseUrl,
      ctx: { config: { dataDir } },
    } as unknown as TestServer);
    const upload = await fetch(
      `${first.baseUrl}/api/v1/documents?${new URLSearchParams({ type: 'national_id', name: 'هوية.pdf' })}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${person.token}`, 'content-type': 'application/pdf' },
        body: new TextEncoder().encode('%PDF-1.4\n%%EOF\n'),
      },
    );
    const { document } = (await upload.json()) as { document: { id: string } };
    const statusOf = async (baseUrl: string) =>
      (await request(baseUrl, 'GET', '/api/v1/documents', { token: person.token })).body
        .documents[0].status;
    expect(await statusOf(first.baseUrl)).toBe('pending');

    // The operator command goes through the running server: the change is seen at once.
    const reviewed = await runCommand(REVIEW, [document.id, 'verified'], {
      ...env,
      PORT: String(first.port),
    });
    expect(reviewed).toMatchObject({ code: 0 });
    expect(JSON.parse(reviewed.stdout)).toMatchObject({ id: document.id, status: 'verified' });
    expect(await statusOf(first.baseUrl)).toBe('verified');
    // Without the operator token the route refuses.
    const intruder = await request(
      first.baseUrl,
      'POST',
      `/api/v1/operator/documents/${document.id}/review`,
      { token: person.token, json: { status: 'rejected' } },
    );
    expect(intruder.status).toBe(401);

    // Killed without a chance to clean up: its lock stays, yet a restart takes the folder over.
    await first.stop('SIGKILL');
    expect(existsSync(lockFile)).toBe(true);
    const third = await startServer(env);
    running.push(third);
    expect(await statusOf(third.baseUrl)).toBe('verified');
    expect(await third.stop()).toBe(0);
    expect(existsSync(lockFile)).toBe(false);

    // No server: the command opens the folder itself, and lets it go again.
    const offline = await runCommand(REVIEW, [document.id, 'rejected', 'blurred'], {
      ...env,
      PORT: String(third.port),
    });
    expect(offline).toMatchObject({ code: 0 });
    expect(JSON.parse(offline.stdout)).toMatchObject({ status: 'rejected', notes: 'blurred' });
    expect(existsSync(lockFile)).toBe(false);
  }, 240_000);
});
