/**
 * Checks the proofs of the signed audit log, with WebCrypto only (Ed25519 and SHA-256), so the
 * browser, the Node command and the tests run the same code (decision 009).
 *
 * - Tree hashing, inclusion and consistency proofs: RFC 9162 sections 2.1.1, 2.1.3.2, 2.1.4.2.
 * - A checkpoint is a C2SP tlog-checkpoint (origin, size, base64 root, extension lines) signed
 *   as a C2SP signed-note with Ed25519: a key's 4-byte id is the first 4 bytes of
 *   SHA-256(name || "\n" || 0x01 || public key); its verifier string is
 *   `<name>+<8 hex id>+<base64(0x01 || public key)>`.
 */

export const AUDIT_KEYS_PATH = '/.well-known/tanqin-audit-keys';

/** The audit actions a receipt proves, by the names receipts give them. */
export const RECEIPT_KINDS = { issue: 'issued', use: 'used' } as const;
export type ReceiptKind = (typeof RECEIPT_KINDS)[keyof typeof RECEIPT_KINDS];

export class AuditProofError extends Error {
  override name = 'AuditProofError';
}

const ED25519_ALGORITHM = 1;
const encoder = new TextEncoder();

function fail(message: string): never {
  throw new AuditProofError(message);
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a[i]! ^ b[i]!;
  return difference === 0;
}

export function fromBase64(text: string): Uint8Array<ArrayBuffer> {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text) || text.length % 4 !== 0) fail('not base64');
  const binary = atob(text);
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

export function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

async function sha256(...parts: Uint8Array[]): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', concat(...parts)));
}

/** RFC 9162 2.1.1: the hash of a leaf, SHA-256(0x00 || leaf). */
export function leafHash(leaf: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  return sha256(Uint8Array.of(0), leaf);
}

/** RFC 9162 2.1.1: the hash of an inner node, SHA-256(0x01 || left || right). */
export function nodeHash(left: Uint8Array, right: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  return sha256(Uint8Array.of(1), left, right);
}

const isOdd = (n: number) => n % 2 === 1;
const half = (n: number) => Math.floor(n / 2);
const isPowerOfTwo = (n: number) => n > 0 && 2 ** Math.round(Math.log2(n)) === n;

function checkSize(name: string, value: number) {
  if (!Number.isSafeInteger(value) || value < 0) fail(`${name} is not a tree size`);
}

/** RFC 9162 2.1.3.2: throws unless `proof` places `hash` at `index` of the tree with `root`. */
export async function verifyInclusion(
  index: number,
  size: number,
  hash: Uint8Array,
  proof: Uint8Array[],
  root: Uint8Array,
): Promise<void> {
  checkSize('tree_size', size);
  checkSize('leaf_index', index);
  if (index >= size) fail('the leaf index is outside the tree');
  let fn = index;
  let sn = size - 1;
  let r = hash;
  for (const p of proof) {
    if (sn === 0) fail('the inclusion proof is too long');
    if (isOdd(fn) || fn === sn) {
      r = await nodeHash(p, r);
      if (!isOdd(fn)) {
        while (!isOdd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      r = await nodeHash(r, p);
    }
    fn = half(fn);
    sn = half(sn);
  }
  if (sn !== 0) fail('the inclusion proof is too short');
  if (!bytesEqual(r, root)) fail("the inclusion proof does not lead to the checkpoint's root");
}

/** RFC 9162 2.1.4.2: throws unless the tree of `size2` leaves extends the one of `size1`. */
export async function verifyConsistency(
  size1: number,
  size2: number,
  root1: Uint8Array,
  root2: Uint8Array,
  proof: Uint8Array[],
): Promise<void> {
  checkSize('first size', size1);
  checkSize('second size', size2);
  if (size1 > size2) fail('the first tree is larger than the second');
  if (size1 === size2) {
    if (proof.length > 0) fail('a proof between equal sizes must be empty');
    if (!bytesEqual(root1, root2)) fail('two trees of the same size have different roots');
    return;
  }
  if (size1 === 0) {
    if (proof.length > 0) fail('a proof from the empty tree must be empty');
    return;
  }
  if (proof.length === 0) fail('the consistency proof is empty');
  const path = isPowerOfTwo(size1) ? [root1, ...proof] : proof;
  let fn = size1 - 1;
  let sn = size2 - 1;
  while (isOdd(fn)) {
    fn = half(fn);
    sn = half(sn);
  }
  let fr = path[0]!;
  let sr = path[0]!;
  for (const c of path.slice(1)) {
    if (sn === 0) fail('the consistency proof is too long');
    if (isOdd(fn) || fn === sn) {
      fr = await nodeHash(c, fr);
      sr = await nodeHash(c, sr);
      if (!isOdd(fn)) {
        while (!isOdd(fn) && fn !== 0) {
          fn = half(fn);
          sn = half(sn);
        }
      }
    } else {
      sr = await nodeHash(sr, c);
    }
    fn = half(fn);
    sn = half(sn);
  }
  if (sn !== 0) fail('the consistency proof is too short');
  if (!bytesEqual(fr, root1)) fail('the consistency proof does not lead to the first root');
  if (!bytesEqual(sr, root2)) fail('the consistency proof does not lead to the second root');
}

/** A note verifier: who signs (name), the 4-byte key id and the Ed25519 public key. */
export interface NoteVerifier {
  name: string;
  keyId: number;
  publicKey: Uint8Array<ArrayBuffer>;
  /** `<name>+<8 hex id>+<base64(0x01 || public key)>`. */
  text: string;
}

const isKeyName = (name: string) => name.length > 0 && !/[\s+]/u.test(name);

/** The signed-note key id: the first 4 bytes of SHA-256(name || "\n" || 0x01 || key), big-endian. */
export async function noteKeyId(name: string, publicKey: Uint8Array): Promise<number> {
  const digest = await sha256(
    encoder.encode(`${name}\n`),
    Uint8Array.of(ED25519_ALGORITHM),
    publicKey,
  );
  return new DataView(digest.buffer).getUint32(0);
}

const hex8 = (id: number) => id.toString(16).padStart(8, '0');

export async function noteVerifierOf(name: string, publicKey: Uint8Array): Promise<NoteVerifier> {
  if (!isKeyName(name)) fail('a key name has no spaces and no "+"');
  const keyId = await noteKeyId(name, publicKey);
  const key = new Uint8Array(publicKey);
  const text = `${name}+${hex8(keyId)}+${toBase64(concat(Uint8Array.of(ED25519_ALGORITHM), key))}`;
  return { name, keyId, publicKey: key, text };
}

/** Reads a verifier string and checks that its id belongs to its name and key. */
export async function parseNoteVerifier(text: string): Promise<NoteVerifier> {
  const match = /^([^+\s]+)\+([0-9a-f]{8})\+([A-Za-z0-9+/=]+)$/.exec(text.trim());
  if (!match) fail('not a note verifier: <name>+<8 hex>+<base64 key>');
  const [, name, id, key] = match as unknown as [string, string, string, string];
  const raw = fromBase64(key);
  if (raw.length !== 33 || raw[0] !== ED25519_ALGORITHM) fail('not an Ed25519 note verifier');
  const verifier = await noteVerifierOf(name, raw.subarray(1));
  if (hex8(verifier.keyId) !== id) fail("the verifier's key id does not match its name and key");
  return verifier;
}

export interface OpenedNote {
  /** The signed text, ending in a newline. */
  text: string;
  /** The trusted key whose signature checked. */
  signedBy: NoteVerifier;
}

/**
 * Opens a signed note (C2SP signed-note): throws unless one of its signatures is a valid
 * Ed25519 signature of its text by one of `verifiers`. Signatures by unknown keys are ignored.
 */
export async function openNote(note: string, verifiers: NoteVerifier[]): Promise<OpenedNote> {
  const split = note.lastIndexOf('\n\n');
  if (split < 0 || !note.endsWith('\n')) fail('not a signed note');
  const text = note.slice(0, split + 1);
  const lines = note.slice(split + 2, -1).split('\n');
  for (const line of lines) {
    const match = /^\u2014 (\S+) ([A-Za-z0-9+/=]+)$/.exec(line);
    if (!match) fail('a signature line of the note is malformed');
    const [, name, encoded] = match as unknown as [string, string, string];
    const signature = fromBase64(encoded);
    if (signature.length < 5) fail('a signature of the note is too short');
    const keyId = new DataView(signature.buffer).getUint32(0);
    const verifier = verifiers.find((v) => v.name === name && v.keyId === keyId);
    if (!verifier || signature.length !== 68) continue;
    const key = await crypto.subtle.importKey(
      'raw',
      verifier.publicKey,
      { name: 'Ed25519' },
      false,
      ['verify'],
    );
    if (await crypto.subtle.verify('Ed25519', key, signature.subarray(4), encoder.encode(text))) {
      return { text, signedBy: verifier };
    }
    fail(`the signature by ${name} does not match the note`);
  }
  fail('no signature by a known key');
}

/** A checkpoint's body (C2SP tlog-checkpoint) with Tanqin's extension lines read. */
export interface Checkpoint {
  origin: string;
  treeSize: number;
  rootHash: Uint8Array<ArrayBuffer>;
  /** `checkpoint <id>`: the checkpoint's number, from 1. */
  id: number;
  /** `time <ISO 8601>`: when it was signed. */
  time: string;
  /** `previous <id> <base64 SHA-256 of the previous signed note>`, absent on the first. */
  previous: { id: number; noteHash: string } | null;
}

export function parseCheckpoint(text: string): Checkpoint {
  const lines = text.split('\n');
  if (lines.pop() !== '') fail('a checkpoint ends with a newline');
  const [origin, size, root, ...extensions] = lines;
  if (!origin || !size || !root) fail('a checkpoint has an origin, a size and a root hash');
  if (!/^(0|[1-9][0-9]*)$/.test(size)) fail("the checkpoint's tree size is not a number");
  const rootHash = fromBase64(root);
  if (rootHash.length !== 32) fail("the checkpoint's root hash is not 32 bytes");
  const extension = (key: string) =>
    extensions.find((line) => line.startsWith(`${key} `))?.slice(key.length + 1);
  const id = Number(extension('checkpoint'));
  const time = extension('time') ?? '';
  if (!Number.isSafeInteger(id) || id < 1 || Number.isNaN(Date.parse(time))) {
    fail('the checkpoint has no "checkpoint <id>" and "time <ISO 8601>" lines');
  }
  const previousLine = extension('previous');
  let previous: Checkpoint['previous'] = null;
  if (previousLine !== undefined) {
    const match = /^([1-9][0-9]*) ([A-Za-z0-9+/=]{44})$/.exec(previousLine);
    if (!match) fail('the "previous" line of the checkpoint is malformed');
    previous = { id: Number(match[1]), noteHash: match[2]! };
  }
  if ((previous === null) !== (id === 1)) fail('only the first checkpoint has no previous one');
  return { origin, treeSize: Number(size), rootHash, id, time, previous };
}

/** Opens a signed checkpoint with the published keys and reads it. */
export async function openCheckpoint(note: string, verifiers: NoteVerifier[]) {
  const opened = await openNote(note, verifiers);
  return { ...parseCheckpoint(opened.text), signedBy: opened.signedBy };
}

/** The base64 SHA-256 of a signed note, as the next checkpoint's "previous" line names it. */
export async function noteHashOf(note: string): Promise<string> {
  return toBase64(await sha256(encoder.encode(note)));
}

/** The leaf of an audit entry: what happened to which code, when and by whom. */
export interface AuditLeaf {
  v: 1;
  organization_id: string;
  shard: number;
  seq: number;
  token_id: string;
  action: string;
  actor_organization_id: string | null;
  actor: string | null;
  fields: string[];
  reason: string | null;
  created_at: string;
  /** The entry's hash in its organisation's chain, tying the tree to the chain. */
  chain_hash: string;
}

export function parseAuditLeaf(leaf: Uint8Array): AuditLeaf {
  let parsed: AuditLeaf;
  try {
    parsed = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(leaf));
  } catch {
    fail('the leaf is not a Tanqin audit entry');
  }
  if (parsed?.v !== 1 || typeof parsed.token_id !== 'string' || typeof parsed.action !== 'string') {
    fail('the leaf is not a Tanqin audit entry');
  }
  return parsed;
}

/** One entry of a receipt, as GET /v1/tokens/{token_id}/receipt answers it. */
export interface ReceiptEntry {
  kind: ReceiptKind;
  leaf: string;
  leaf_index: number;
  tree_size: number;
  inclusion_proof: string[];
  checkpoint: string;
}

export interface VerifiedReceiptEntry {
  kind: ReceiptKind;
  entry: AuditLeaf;
  checkpoint: Checkpoint;
  signedBy: NoteVerifier;
}

/**
 * Checks one receipt entry offline: the checkpoint is signed by a published key, the leaf is
 * an audit entry of that kind, and its inclusion proof leads to the checkpoint's root.
 */
export async function verifyReceiptEntry(
  entry: ReceiptEntry,
  verifiers: NoteVerifier[],
  tokenId?: string,
): Promise<VerifiedReceiptEntry> {
  const checkpoint = await openCheckpoint(entry.checkpoint, verifiers);
  if (checkpoint.treeSize !== entry.tree_size) fail("tree_size is not the checkpoint's size");
  const leaf = fromBase64(entry.leaf);
  const audit = parseAuditLeaf(leaf);
  if (RECEIPT_KINDS[audit.action as keyof typeof RECEIPT_KINDS] !== entry.kind) {
    fail(`the leaf records "${audit.action}", not "${entry.kind}"`);
  }
  if (tokenId !== undefined && audit.token_id !== tokenId) fail('the leaf is about another code');
  await verifyInclusion(
    entry.leaf_index,
    entry.tree_size,
    await leafHash(leaf),
    entry.inclusion_proof.map(fromBase64),
    checkpoint.rootHash,
  );
  const { signedBy, ...body } = checkpoint;
  return { kind: entry.kind, entry: audit, checkpoint: body, signedBy };
}

/** The published key set (JWKS) at AUDIT_KEYS_PATH: every key that ever signed a checkpoint. */
export interface AuditKeySet {
  origin: string;
  keys: Array<{
    kty: 'OKP';
    crv: 'Ed25519';
    x: string;
    kid: string;
    use: 'sig';
    alg: 'EdDSA';
    note_verifier: string;
  }>;
}

/** The note verifiers of a published key set (each checked against its own JWK). */
export async function verifiersOfKeySet(keySet: AuditKeySet): Promise<NoteVerifier[]> {
  if (!Array.isArray(keySet?.keys)) fail('not a key set: no "keys"');
  return Promise.all(
    keySet.keys.map(async (key) => {
      const verifier = await parseNoteVerifier(key.note_verifier);
      const x = fromBase64(key.x.replace(/-/g, '+').replace(/_/g, '/').padEnd(44, '='));
      if (!bytesEqual(x, verifier.publicKey)) fail(`key ${key.kid}: x and note_verifier differ`);
      return verifier;
    }),
  );
}

/**
 * A run of checkpoints an auditor kept, oldest first, with the consistency proofs between the
 * sizes of neighbours (as GET /v1/audit/consistency answers them).
 */
export interface CheckpointRun {
  checkpoints: string[];
  consistency?: Array<{ from_size: number; to_size: number; proof: string[] }>;
}

/**
 * Checks a run offline: every checkpoint signed by a published key, one origin, numbers rising,
 * each one's "previous" line naming its predecessor's exact signed note when they are
 * neighbours, sizes and times never going back, and each growth proven consistent (RFC 9162).
 * Throws AuditProofError naming the first checkpoint that fails.
 */
export async function verifyCheckpointRun(
  run: CheckpointRun,
  verifiers: NoteVerifier[],
): Promise<Checkpoint[]> {
  if (!Array.isArray(run?.checkpoints) || run.checkpoints.length === 0) {
    fail('the run has no checkpoints');
  }
  const opened: Checkpoint[] = [];
  for (const [i, note] of run.checkpoints.entries()) {
    const at = (message: string) => fail(`checkpoint ${i + 1} of the run: ${message}`);
    let checkpoint: Checkpoint;
    try {
      checkpoint = await openCheckpoint(note, verifiers);
    } catch (error) {
      return at(error instanceof Error ? error.message : String(error));
    }
    const before = opened.at(-1);
    if (before) {
      if (checkpoint.origin !== before.origin) at('another origin than the one before it');
      if (checkpoint.id <= before.id)
        at(`number ${checkpoint.id} comes after ${before.id}: out of order`);
      if (checkpoint.treeSize < before.treeSize) at('the tree shrank');
      if (Date.parse(checkpoint.time) < Date.parse(before.time))
        at('signed before the one before it');
      if (checkpoint.id === before.id + 1) {
        const expected = await noteHashOf(run.checkpoints[i - 1]!);
        if (checkpoint.previous?.id !== before.id || checkpoint.previous.noteHash !== expected) {
          at('its "previous" line does not name the checkpoint before it');
        }
      }
      if (checkpoint.treeSize > before.treeSize) {
        const proof = run.consistency?.find(
          (p) => p.from_size === before.treeSize && p.to_size === checkpoint.treeSize,
        );
        if (!proof)
          at(`no consistency proof from size ${before.treeSize} to ${checkpoint.treeSize}`);
        try {
          await verifyConsistency(
            before.treeSize,
            checkpoint.treeSize,
            before.rootHash,
            checkpoint.rootHash,
            proof!.proof.map(fromBase64),
          );
        } catch (error) {
          at(error instanceof Error ? error.message : String(error));
        }
      } else if (!bytesEqual(checkpoint.rootHash, before.rootHash)) {
        at('the same size as the one before it with another root');
      }
    }
    opened.push(checkpoint);
  }
  return opened;
}
