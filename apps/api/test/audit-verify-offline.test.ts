import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Receipt } from '@tanqin/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { runAuditCheckpoint } from '../src/modules/audit/audit-checkpoints.ts';
import { createIntegrator, request, startTestServer, type TestServer } from './harness.ts';
import { runCommand } from './server-process.ts';

/**
 * `npm run audit:verify -- --receipt | --checkpoints` checks files offline with the published
 * keys only (the server is closed before the command runs), and any tampering fails it.
 */
describe('the offline audit verifier', () => {
  const folder = mkdtempSync(path.join(tmpdir(), 'tanqin-receipts-'));
  let server: TestServer;
  let receipt: Receipt;
  let run: { checkpoints: string[]; consistency: unknown[] };
  const keysFile = path.join(folder, 'keys.json');

  beforeAll(async () => {
    server = await startTestServer('pglite');
    const bank = await createIntegrator(server.baseUrl);
    const issue = async () => {
      const issued = await bank.call('POST', '/v1/tokens/generate', {
        data: { full_name: 'Sara' },
      });
      expect(
        (await bank.call('POST', '/v1/tokens/verify', { token: issued.body.token })).status,
      ).toBe(200);
      return issued.body.token_id as string;
    };
    const tokenId = await issue();
    const first = (await runAuditCheckpoint(server.ctx)).checkpoint;
    await issue();
    const second = (await runAuditCheckpoint(server.ctx)).checkpoint;
    await issue();
    const third = (await runAuditCheckpoint(server.ctx)).checkpoint;
    receipt = (await bank.call('GET', `/v1/tokens/${tokenId}/receipt`)).body;
    const proof = async (from: number, to: number) =>
      (await request(server.baseUrl, 'GET', `/v1/audit/consistency?from=${from}&to=${to}`)).body;
    run = {
      checkpoints: [first.note, second.note, third.note],
      consistency: [
        await proof(first.tree_size, second.tree_size),
        await proof(second.tree_size, third.tree_size),
      ],
    };
    const keys = await request(server.baseUrl, 'GET', '/.well-known/tanqin-audit-keys');
    writeFileSync(keysFile, JSON.stringify(keys.body));
    await server.close();
  });

  let n = 0;
  const verify = (mode: '--receipt' | '--checkpoints', content: unknown) => {
    const file = path.join(folder, `file-${n++}.json`);
    writeFileSync(file, JSON.stringify(content));
    return runCommand(
      'apps/api/src/commands/audit-verify.ts',
      [mode, file, '--keys', keysFile],
      {},
    );
  };
  const leafOf = (entry: Receipt['entries'][number]) =>
    JSON.parse(Buffer.from(entry.leaf, 'base64').toString('utf8'));

  it('accepts the receipt and the run of checkpoints as the server gave them', async () => {
    const checked = await verify('--receipt', receipt);
    expect(checked.stderr).toBe('');
    expect(checked.code).toBe(0);
    expect(checked.stdout).toMatch(/^ok {2}issued tok_/m);
    expect(checked.stdout).toMatch(/^ok {2}used tok_/m);
    const linked = await verify('--checkpoints', run);
    expect(linked.code).toBe(0);
    expect(linked.stdout).toContain('3 checkpoints');
  });

  it('fails on an edited entry, root or signature, and on reordered checkpoints', async () => {
    const [issued] = receipt.entries;
    const editedLeaf = Buffer.from(
      JSON.stringify({ ...leafOf(issued!), fields: ['full_name', 'iban'] }),
    ).toString('base64');
    const [origin, size, root, ...rest] = issued!.checkpoint.split('\n');
    const otherRoot = Buffer.alloc(32, 7).toString('base64');
    const signatureAt = issued!.checkpoint.lastIndexOf(' ') + 5;
    const flip = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);
    const tampered: Array<[string, '--receipt' | '--checkpoints', unknown, RegExp]> = [
      [
        'an edited entry',
        '--receipt',
        { ...receipt, entries: [{ ...issued, leaf: editedLeaf }] },
        /inclusion proof/,
      ],
      [
        'an edited root',
        '--receipt',
        {
          ...receipt,
          entries: [{ ...issued, checkpoint: [origin, size, otherRoot, ...rest].join('\n') }],
        },
        /signature/,
      ],
      [
        'an edited signature',
        '--receipt',
        { ...receipt, entries: [{ ...issued, checkpoint: flip(issued!.checkpoint, signatureAt) }] },
        /signature/,
      ],
      [
        'reordered checkpoints',
        '--checkpoints',
        { ...run, checkpoints: [run.checkpoints[1], run.checkpoints[0], run.checkpoints[2]] },
        /out of order/,
      ],
      [
        'a checkpoint left out',
        '--checkpoints',
        { ...run, checkpoints: [run.checkpoints[0], run.checkpoints[2]] },
        /consistency proof/,
      ],
    ];
    expect(root).not.toBe(otherRoot);
    for (const [what, mode, content, reason] of tampered) {
      const checked = await verify(mode, content);
      expect(checked.code, what).toBe(1);
      expect(checked.stderr, what).toMatch(reason);
    }
  });
});
