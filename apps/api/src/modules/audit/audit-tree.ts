import { createHash } from 'node:crypto';
import type { Queryable } from '../../db/database.ts';

/*
 * The audit log's Merkle tree (RFC 9162 2.1) kept as tiles (C2SP tlog-tiles, decision 009): a
 * tile (level, idx) holds up to 256 hashes of tree level 8 * level. Any complete subtree lies in
 * one tile, so a proof reads a few tiles and never the leaves.
 */

export const TILE_HEIGHT = 8;
export const TILE_WIDTH = 2 ** TILE_HEIGHT;
const HASH_SIZE = 32;

export function leafHashOf(leaf: Uint8Array): Buffer {
  return createHash('sha256').update(Uint8Array.of(0)).update(leaf).digest();
}

export function nodeHashOf(left: Uint8Array, right: Uint8Array): Buffer {
  return createHash('sha256').update(Uint8Array.of(1)).update(left).update(right).digest();
}

/** The root of a complete subtree given its bottom row (a power of two of hashes). */
function subtreeRoot(row: Buffer[]): Buffer {
  let level = row;
  while (level.length > 1) {
    const next: Buffer[] = [];
    for (let i = 0; i < level.length; i += 2) next.push(nodeHashOf(level[i]!, level[i + 1]!));
    level = next;
  }
  return level[0]!;
}

/** A complete subtree: tree level `level`, the `index`-th from the left. */
interface Node {
  level: number;
  index: number;
}

/** A range of leaves [start, end) whose hash a proof needs. */
type Range = [start: number, end: number];

function largestPowerOfTwoBelow(n: number) {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

/** RFC 9162 2.1.3.1 PATH(m, D[lo:hi]) as the ranges whose hashes it lists, bottom up. */
function inclusionRanges(m: number, lo: number, hi: number): Range[] {
  if (hi - lo <= 1) return [];
  const k = largestPowerOfTwoBelow(hi - lo);
  return m < lo + k
    ? [...inclusionRanges(m, lo, lo + k), [lo + k, hi]]
    : [...inclusionRanges(m, lo + k, hi), [lo, lo + k]];
}

/** RFC 9162 2.1.4.1 SUBPROOF(m, D[lo:hi], b) as ranges. */
function consistencyRanges(m: number, lo: number, hi: number, isWhole: boolean): Range[] {
  const n = hi - lo;
  if (m === n) return isWhole ? [] : [[lo, hi]];
  const k = largestPowerOfTwoBelow(n);
  return m <= k
    ? [...consistencyRanges(m, lo, lo + k, isWhole), [lo + k, hi]]
    : [...consistencyRanges(m - k, lo + k, hi, false), [lo, lo + k]];
}

/** The complete subtrees of a range, left to right (the largest aligned one first each time). */
function completeNodes([start, end]: Range): Node[] {
  const nodes: Node[] = [];
  let at = start;
  while (at < end) {
    let level = 0;
    while (at % 2 ** (level + 1) === 0 && at + 2 ** (level + 1) <= end) level++;
    nodes.push({ level, index: at / 2 ** level });
    at += 2 ** level;
  }
  return nodes;
}

const tileKey = (level: number, index: number) => `${level}/${index}`;

/** Where a complete subtree's bottom row lies: its tile and the slice of it. */
function nodeLocation({ level, index }: Node) {
  const tileLevel = Math.floor(level / TILE_HEIGHT);
  const height = level - tileLevel * TILE_HEIGHT;
  const first = index * 2 ** height;
  return {
    tileLevel,
    tileIndex: Math.floor(first / TILE_WIDTH),
    offset: first % TILE_WIDTH,
    count: 2 ** height,
  };
}

async function readTiles(db: Queryable, keys: Array<[number, number]>) {
  const tiles = new Map<string, Buffer>();
  if (keys.length === 0) return tiles;
  const rows = await db.query<{ level: number; idx: string | number; hashes: string }>(
    `select t.level, t.idx, encode(t.hashes, 'hex') as hashes
       from unnest($1::int[], $2::bigint[]) as k (level, idx)
       join audit_tree_tiles t on t.level = k.level and t.idx = k.idx`,
    [keys.map(([level]) => level), keys.map(([, index]) => index)],
  );
  for (const row of rows)
    tiles.set(tileKey(row.level, Number(row.idx)), Buffer.from(row.hashes, 'hex'));
  return tiles;
}

/** Hashes of the ranges, each from the few tiles that hold its complete subtrees. */
async function rangeHashes(db: Queryable, ranges: Range[]): Promise<Buffer[]> {
  const nodesOf = ranges.map(completeNodes);
  const keys = new Map<string, [number, number]>();
  for (const node of nodesOf.flat()) {
    const { tileLevel, tileIndex } = nodeLocation(node);
    keys.set(tileKey(tileLevel, tileIndex), [tileLevel, tileIndex]);
  }
  const tiles = await readTiles(db, [...keys.values()]);
  const hashOf = (node: Node) => {
    const { tileLevel, tileIndex, offset, count } = nodeLocation(node);
    const tile = tiles.get(tileKey(tileLevel, tileIndex));
    if (!tile || tile.length < (offset + count) * HASH_SIZE) {
      throw new Error(`The audit tree has no node ${node.level}/${node.index}`);
    }
    const row = Array.from({ length: count }, (_, i) =>
      tile.subarray((offset + i) * HASH_SIZE, (offset + i + 1) * HASH_SIZE),
    );
    return subtreeRoot(row);
  };
  return nodesOf.map((nodes) =>
    nodes
      .map(hashOf)
      .reduceRight(
        (right, left) => (right.length === 0 ? left : nodeHashOf(left, right)),
        Buffer.alloc(0),
      ),
  );
}

/** The root hash of the first `size` leaves (RFC 9162 MTH); the empty tree's is SHA-256(""). */
export async function rootHash(db: Queryable, size: number): Promise<Buffer> {
  if (size === 0) return createHash('sha256').digest();
  return (await rangeHashes(db, [[0, size]]))[0]!;
}

/** The inclusion proof of leaf `index` in the tree of `size` leaves. */
export function inclusionProof(db: Queryable, index: number, size: number): Promise<Buffer[]> {
  if (index >= size) throw new Error('The leaf is outside the tree');
  return rangeHashes(db, inclusionRanges(index, 0, size));
}

/** The consistency proof from the tree of `size1` leaves to the one of `size2` (0 < size1 <= size2). */
export function consistencyProof(db: Queryable, size1: number, size2: number): Promise<Buffer[]> {
  if (size1 === 0 || size1 === size2) return Promise.resolve([]);
  return rangeHashes(db, consistencyRanges(size1, 0, size2, true));
}

/**
 * Appends leaf hashes to the tree of `size` leaves: rewrites the tiles they fill, and each tile
 * filled adds its root one tile level up. Runs in the appender's transaction.
 */
export async function appendLeafHashes(tx: Queryable, size: number, hashes: Buffer[]) {
  const tails = new Map<number, { index: number; hashes: Buffer[] }>();
  const tailKeys: Array<[number, number]> = [];
  for (let level = 0; TILE_WIDTH ** level <= size; level++) {
    const count = Math.floor(size / TILE_WIDTH ** level);
    const index = Math.floor(count / TILE_WIDTH);
    tails.set(level, { index, hashes: [] });
    if (count % TILE_WIDTH > 0) tailKeys.push([level, index]);
  }
  for (const [key, tile] of await readTiles(tx, tailKeys)) {
    const [level] = key.split('/').map(Number) as [number];
    const hashes = Array.from({ length: tile.length / HASH_SIZE }, (_, i) =>
      tile.subarray(i * HASH_SIZE, (i + 1) * HASH_SIZE),
    );
    tails.get(level)!.hashes = hashes;
  }
  const written = new Map<string, { level: number; index: number; hashes: Buffer[] }>();
  const append = (level: number, hash: Buffer) => {
    let tail = tails.get(level);
    if (!tail) {
      tail = { index: 0, hashes: [] };
      tails.set(level, tail);
    }
    tail.hashes.push(hash);
    written.set(tileKey(level, tail.index), { level, index: tail.index, hashes: tail.hashes });
    if (tail.hashes.length === TILE_WIDTH) {
      const full = tail.hashes;
      tail.index += 1;
      tail.hashes = [];
      append(level + 1, subtreeRoot(full));
    }
  };
  for (const hash of hashes) append(0, hash);
  const tiles = [...written.values()];
  if (tiles.length === 0) return;
  await tx.query(
    `insert into audit_tree_tiles (level, idx, hashes)
     select level, idx, decode(hashes, 'hex') from unnest($1::int[], $2::bigint[], $3::text[]) as t (level, idx, hashes)
     on conflict (level, idx) do update set hashes = excluded.hashes`,
    [
      tiles.map((t) => t.level),
      tiles.map((t) => t.index),
      tiles.map((t) => Buffer.concat(t.hashes).toString('hex')),
    ],
  );
}
