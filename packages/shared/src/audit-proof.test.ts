import { describe, expect, it } from 'vitest';
import {
  AuditProofError,
  fromBase64,
  leafHash,
  nodeHash,
  noteVerifierOf,
  openNote,
  parseNoteVerifier,
  verifyConsistency,
  verifyInclusion,
} from './audit-proof.ts';

// The RFC 6962 / RFC 9162 test tree of 8 leaves (certificate-transparency's merkle tests) and
// the roots of its first 1..8 leaves.
const h = (hex: string) =>
  Uint8Array.from(hex.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16));
const LEAVES = [
  '',
  '00',
  '10',
  '2021',
  '3031',
  '40414243',
  '5051525354555657',
  '606162636465666768696a6b6c6d6e6f',
].map(h);
const ROOTS = [
  '6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d',
  'fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125',
  'aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77',
  'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
  '4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4',
  '76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef',
  'ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c',
  '5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328',
].map(h);

describe('RFC 9162 tree hashing and proofs', () => {
  it('hashes leaves and nodes to the known roots', async () => {
    expect(await leafHash(LEAVES[0]!)).toEqual(ROOTS[0]);
    expect(await nodeHash(await leafHash(LEAVES[0]!), await leafHash(LEAVES[1]!))).toEqual(
      ROOTS[1],
    );
  });

  it('checks an inclusion proof and refuses it at another index or root', async () => {
    const proof = [
      'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ].map(h);
    const leaf = await leafHash(LEAVES[5]!);
    await verifyInclusion(5, 8, leaf, proof, ROOTS[7]!);
    await expect(verifyInclusion(4, 8, leaf, proof, ROOTS[7]!)).rejects.toThrow(AuditProofError);
    await expect(verifyInclusion(5, 8, leaf, proof, ROOTS[6]!)).rejects.toThrow(AuditProofError);
    await expect(verifyInclusion(5, 8, leaf, proof.slice(1), ROOTS[7]!)).rejects.toThrow(
      AuditProofError,
    );
    await verifyInclusion(2, 3, await leafHash(LEAVES[2]!), [ROOTS[1]!], ROOTS[2]!);
  });

  it('checks consistency proofs and refuses a wrong first root', async () => {
    const proof = [
      '0ebc5d3437fbe2db158b9f126a1d118e308181031d0a949f8dededebc558ef6a',
      'ca854ea128ed050b41b35ffc1b87b8eb2bde461e9e3b5596ece6b9d5975a0ae0',
      'd37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7',
    ].map(h);
    await verifyConsistency(6, 8, ROOTS[5]!, ROOTS[7]!, proof);
    await expect(verifyConsistency(6, 8, ROOTS[4]!, ROOTS[7]!, proof)).rejects.toThrow(
      AuditProofError,
    );
    await verifyConsistency(
      2,
      5,
      ROOTS[1]!,
      ROOTS[4]!,
      [
        '5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e',
        'bc1a0643b12e4d2d7c77918f44e0f4f79a838b6cf9ec5b5c283e1f4d88599e6b',
      ].map(h),
    );
    await verifyConsistency(4, 4, ROOTS[3]!, ROOTS[3]!, []);
    await expect(verifyConsistency(4, 4, ROOTS[3]!, ROOTS[4]!, [])).rejects.toThrow(
      AuditProofError,
    );
  });
});

// golang.org/x/mod/sumdb/note's example key and signed note.
const VERIFIER = 'PeterNeumann+c74f20a3+ARpc2QcUPDhMQegwxbzhKqiBfsVkmqq/LDE4izWy10TW';
const TEXT =
  "If you think cryptography is the answer to your problem,\nthen you don't know what your problem is.\n";
const NOTE = `${TEXT}\n\u2014 PeterNeumann x08go/ZJkuBS9UG/SffcvIAQxVBtiFupLLr8pAcElZInNIuGUgYN1FFYC2pZSNXgKvqfqdngotpRZb6KE6RyyBwJnAM=\n`;

describe('C2SP signed notes', () => {
  it('derives the key id of a name and key as sumdb/note does', async () => {
    const verifier = await parseNoteVerifier(VERIFIER);
    expect(verifier.keyId).toBe(0xc74f20a3);
    expect((await noteVerifierOf('PeterNeumann', verifier.publicKey)).text).toBe(VERIFIER);
    await expect(
      parseNoteVerifier(VERIFIER.replace('PeterNeumann', 'PeterNeuman')),
    ).rejects.toThrow(AuditProofError);
  });

  it('opens the signed example note and refuses it changed by one letter', async () => {
    const verifier = await parseNoteVerifier(VERIFIER);
    expect((await openNote(NOTE, [verifier])).text).toBe(TEXT);
    await expect(
      openNote(NOTE.replace('cryptography', 'cryptographY'), [verifier]),
    ).rejects.toThrow(AuditProofError);
    const other = await noteVerifierOf('Other', fromBase64(VERIFIER.split('+')[2]!).subarray(1));
    await expect(openNote(NOTE, [other])).rejects.toThrow('no signature by a known key');
  });
});
