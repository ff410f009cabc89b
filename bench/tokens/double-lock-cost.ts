// What the double lock (issue 24, HPKE to the audience's key) adds to issuing a code, per call,
// without HTTP: the payload a generate stores, sealed under the code-derived key alone (an
// audience without a key) and first to an X25519 public key then under the code-derived key (as
// tokens.service does), plus what the integrator pays to open it with the SDK. One call at a
// time, in this process; CPU (user + system) and wall time per call.
// DOUBLE_LOCK_CALLS (calls measured per row, 2000).
//   node --import ./scripts/register-typescript.mjs bench/tokens/double-lock-cost.ts
import { randomBytes } from 'node:crypto';
import {
  Aes128Gcm,
  CipherSuite,
  HkdfSha256,
  DhkemX25519HkdfSha256 as NativeX25519,
} from '@hpke/core';
import { generateCode, sealPayload } from '../../apps/api/src/modules/tokens/code-crypto.ts';
import { sealToOrganization } from '../../apps/api/src/modules/tokens/double-lock.ts';
import { generateEncryptionKeyPair, openSealedData } from '../../packages/sdk/src/double-lock.ts';
import { loadAverage } from '../support.ts';

const CALLS = Number(process.env.DOUBLE_LOCK_CALLS ?? 2000);
// The bench payload of bench:tokens.
const data = {
  full_name: 'عبدالله سعد المطيري',
  national_id: '1098765432',
  birth_date: '1988-02-14',
};
const { publicKey, privateKey } = await generateEncryptionKeyPair();
const tokenId = () => `tok_${randomBytes(12).toString('base64url')}`;

async function measure(label: string, call: () => unknown) {
  for (let i = 0; i < Math.min(200, CALLS); i++) await call();
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let i = 0; i < CALLS; i++) await call();
  const wallUs = ((performance.now() - started) / CALLS) * 1000;
  const used = process.cpuUsage(cpu);
  const cpuUs = (used.user + used.system) / CALLS;
  console.log(`| ${label} | ${Math.round(cpuUs)} | ${Math.round(wallUs)} |`);
  return cpuUs;
}

// The same HPKE with @hpke/core's own X25519 (Web Crypto, Node's OpenSSL) in place of the pure
// JavaScript @hpke/dhkem-x25519 the server uses: what switching the KEM would save.
const native = new CipherSuite({
  kem: new NativeX25519(),
  kdf: new HkdfSha256(),
  aead: new Aes128Gcm(),
});
const nativeKey = await native.kem.deserializePublicKey(
  new Uint8Array(Buffer.from(publicKey, 'base64url')).buffer,
);
const info = new TextEncoder().encode('tanqin/v1 payload').buffer as ArrayBuffer;
const plaintext = new TextEncoder().encode(JSON.stringify(data)).buffer as ArrayBuffer;

console.log('| per call | CPU us | wall us |\n|---|---:|---:|');
const plain = await measure('seal, no key (code-derived AES-256-GCM only)', () =>
  sealPayload(generateCode(), tokenId(), { data }),
);
const locked = await measure('seal, double lock (HPKE to the key, then code-derived)', async () =>
  sealPayload(generateCode(), tokenId(), { hpke: await sealToOrganization(publicKey, data) }),
);
await measure('  HPKE seal alone (Web Crypto X25519, as the server)', () =>
  native.seal({ recipientPublicKey: nativeKey, info }, plaintext),
);
const sealed = await sealToOrganization(publicKey, data);
await measure('open with the SDK (integrator side)', () => openSealedData(sealed, privateKey));
console.log(
  `\ndouble lock adds ${Math.round(locked - plain)} us CPU per generate; ${CALLS} calls per row, Node ${process.versions.node}, load average ${loadAverage()}`,
);
