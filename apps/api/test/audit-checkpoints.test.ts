import { createHash } from 'node:crypto';
import {
  type AuditKeySet,
  fromBase64,
  noteHashOf,
  openCheckpoint,
  verifiersOfKeySet,
  verifyConsistency,
  verifyInclusion,
} from '@tanqin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateNoteSigner } from '../src/lib/note-signer.ts';
import { runAuditCheckpoint } from '../src/modules/audit/audit-checkpoints.ts';
import {
  appendLeafHashes,
  consistencyProof,
  inclusionProof,
  leafHashOf,
  nodeHashOf,
  rootHash,
} from '../src/modules/audit/audit-tree.ts';
import {
  createIntegrator,
  createTestDatabase,
  databaseKinds,
  request,
  startTestServer,
  type TestServer,
} from './harness.ts';

/** RFC 9162's MTH of leaves [lo, hi), the plain recursive way: what the tiles are checked against. */
function referenceRoot(
  leaves: Buffer[],
  lo = 0,
  hi = leaves.length,
  memo = new Map<string, Buffer>(),
): Buffer {
  if (hi === lo) return createHash('sha256').digest();
  if (hi - lo === 1) return leaves[lo]!;
  const key = `${lo}:${hi}`;
  let root = memo.get(key);
  if (!root) {
    let k = 1;
    while (k * 2 < hi - lo) k *= 2;
    root = nodeHashOf(
      referenceRoot(leaves, lo, lo + k, memo),
      referenceRoot(leaves, lo + k, hi, memo),
    );
    memo.set(key, root);
  }
  return root;
}

describe.each(databaseKinds)('the audit tree kept as tiles on %s', (kind) => {
  it('gives RFC 9162 roots and proofs across tile levels without reading the leaves', async () => {
    const db = await createTestDatabase(kind);
    try {
      // 66,000 leaves fill level-0 and level-1 tiles and start a level-2 one; appended in
      // uneven batches, so partial tiles are rewritten.
      const memo = new Map<string, Buffer>();
      const leaves = Array.from({ length: 66_000 }, (_, i) =>
        leafHashOf(Buffer.from(`entry ${i}`)),
      );
      let size = 0;
      for (const batch of [1, 2, 300, 255, 65_000, 442]) {
        await db.transaction((tx) => appendLeafHashes(tx, size, leaves.slice(size, size + batch)));
        size += batch;
      }
      for (const n of [1, 2, 3, 256, 257, 65_536, 65_537, 66_000]) {
        expect(
          (await rootHash(db, n)).equals(referenceRoot(leaves, 0, n, memo)),
          `root of ${n}`,
        ).toBe(true);
      }
      for (const [index, n] of [
        [0, 1],
        [5, 8],
        [255, 257],
        [65_535, 66_000],
        [65_999, 66_000],
        [1234, 65_537],
      ] as const) {
        const proof = await inclusionProof(db, index, n);
        await verifyInclusion(index, n, leaves[index]!, proof, referenceRoot(leaves, 0, n, memo));
      }
      for (const [m, n] of [
        [1, 2],
        [3, 7],
        [256, 66_000],
        [300, 65_536],
        [65_537, 66_000],
        [4, 4],
      ] as const) {
        const proof = await consistencyProof(db, m, n);
        await verifyConsistency(
          m,
          n,
          referenceRoot(leaves, 0, m, memo),
          referenceRoot(leaves, 0, n, memo),
          proof,
        );
      }
    } finally {
      await db.close();
    }
  }, 120_000);
});

describe.each(databaseKinds)('signed audit checkpoints on %s', (kind) => {
  let server: TestServer;
  let bank: Awaited<ReturnType<typeof createIntegrator>>;
  beforeAll(async () => {
    server = await startTestServer(kind);
    bank = await createIntegrator(server.baseUrl);
  });
  afterAll(() => server.close());

  const issueAndUse = async () => {
    const issued = await bank.call('POST', '/v1/tokens/generate', { data: { full_name: 'Sara' } });
    expect(issued.status).toBe(201);
    const used = await bank.call('POST', '/v1/tokens/verify', { token: issued.body.token });
    expect(used.status).toBe(200);
    return issued.body.token_id as string;
  };
  const keySet = async () => {
    const answer = await request(server.baseUrl, 'GET', '/.well-known/tanqin-audit-keys');
    expect(answer.status).toBe(200);
    return answer.body as AuditKeySet;
  };
  const auditRows = async () =>
    Number(
      (await server.db.query<{ n: number }>('select count(*)::int as n from audit_log'))[0]!.n,
    );

  it('adds nothing to the hot path: codes are issued and used before any leaf exists', async () => {
    await issueAndUse();
    const [tree] = await server.db.query<{ tree_size: string }>(
      'select tree_size from audit_tree_state',
    );
    expect(Number(tree!.tree_size)).toBe(0);
    const latest = await request(server.baseUrl, 'GET', '/v1/audit/checkpoints/latest');
    expect(latest.status).toBe(404);
  });

  it('signs a checkpoint of every audit row, which anyone checks with the published key', async () => {
    const run = await request(server.baseUrl, 'POST', '/api/v1/operator/audit/checkpoint', {
      headers: { authorization: `Bearer ${server.ctx.config.operatorToken}` },
    });
    expect(run.status).toBe(200);
    expect(run.body.appended).toBe(await auditRows());

    const latest = await fetch(`${server.baseUrl}/v1/audit/checkpoints/latest`);
    expect(latest.headers.get('content-type')).toMatch(/^text\/plain/);
    const note = await latest.text();
    const keys = await keySet();
    expect(keys.keys[0]).toMatchObject({ kty: 'OKP', crv: 'Ed25519', alg: 'EdDSA' });
    const checkpoint = await openCheckpoint(note, await verifiersOfKeySet(keys));
    expect(checkpoint).toMatchObject({
      origin: keys.origin,
      treeSize: await auditRows(),
      id: 1,
      previous: null,
    });
    expect(note.split('\n')[0]).toBe(`127.0.0.1:${new URL(server.baseUrl).port}/audit`);

    const byId = await request(server.baseUrl, 'GET', '/v1/audit/checkpoints/1');
    expect(byId.body).toBe(note);
    expect((await request(server.baseUrl, 'GET', '/v1/audit/checkpoints/2')).status).toBe(404);
    expect((await request(server.baseUrl, 'GET', '/v1/audit/checkpoints/zero')).status).toBe(400);

    // Nothing new: no new checkpoint.
    const again = await runAuditCheckpoint(server.ctx);
    expect(again).toMatchObject({ appended: 0, checkpoint: { id: 1 } });
  });

  it('proves the next checkpoint extends the last one, even under a rotated key', async () => {
    const first = await (await fetch(`${server.baseUrl}/v1/audit/checkpoints/latest`)).text();
    const oldKeys = await keySet();
    server.ctx.config.auditSigningKey = generateNoteSigner('rotated.example/audit');
    await issueAndUse();
    await issueAndUse();
    // The job and the operator at once: one appends, the other finds nothing left.
    await Promise.all([runAuditCheckpoint(server.ctx), runAuditCheckpoint(server.ctx)]);
    const second = await (await fetch(`${server.baseUrl}/v1/audit/checkpoints/latest`)).text();

    const keys = await keySet();
    expect(keys.keys).toHaveLength(2);
    expect(keys.keys[1]).toEqual(oldKeys.keys[0]);
    const verifiers = await verifiersOfKeySet(keys);
    const a = await openCheckpoint(first, verifiers);
    const b = await openCheckpoint(second, verifiers);
    expect(b.signedBy.name).toBe('rotated.example/audit');
    expect(b.treeSize).toBe(await auditRows());
    expect(b.previous).toEqual({ id: 1, noteHash: await noteHashOf(first) });

    const proof = await request(
      server.baseUrl,
      'GET',
      `/v1/audit/consistency?from=${a.treeSize}&to=${b.treeSize}`,
    );
    expect(proof.status).toBe(200);
    await verifyConsistency(
      a.treeSize,
      b.treeSize,
      a.rootHash,
      b.rootHash,
      proof.body.proof.map(fromBase64),
    );
    // A root the log never signed gets no proof.
    expect(
      (await request(server.baseUrl, 'GET', `/v1/audit/consistency?from=1&to=${b.treeSize}`))
        .status,
    ).toBe(404);
    expect(
      (
        await request(
          server.baseUrl,
          'GET',
          `/v1/audit/consistency?from=${b.treeSize}&to=${a.treeSize}`,
        )
      ).status,
    ).toBe(400);
  });
});
