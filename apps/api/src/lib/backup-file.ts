import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';

/**
 * A Tanqin backup file (docs/operations/backup.md):
 *
 *   TANQIN-BACKUP 1\n
 *   {"kdf":{"name":"scrypt","N":32768,"r":8,"p":1,"salt":"<base64>"},"cipher":"aes-256-gcm",
 *    "iv":"<base64>","created_at":"<ISO time>","database":"pglite"|"postgres"}\n
 *   AES-256-GCM ciphertext of the archive | 16-byte tag
 *
 * The key is scrypt(BACKUP_PASSPHRASE, salt); both header lines are the associated data, so a
 * changed header does not open. The archive is a list of entries, each
 * `u32 name length | name (UTF-8) | u64 data length | data` (big-endian): `database/...` (the
 * embedded data directory's tar, or a pg_dump), `data/<path>` (files of DATA_DIR: secrets.json,
 * operator-token, audit-signing-key...) and `documents/<file>` (DOCUMENTS_DIR).
 */
export const BACKUP_MAGIC = 'TANQIN-BACKUP 1\n';
const KDF = { name: 'scrypt', N: 2 ** 15, r: 8, p: 1 } as const;
const TAG_BYTES = 16;

export interface BackupEntry {
  name: string;
  data: Buffer;
}

export interface BackupHeader {
  kdf: { name: 'scrypt'; N: number; r: number; p: number; salt: string };
  cipher: 'aes-256-gcm';
  iv: string;
  created_at: string;
  database: 'pglite' | 'postgres';
}

export function packEntries(entries: BackupEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const lengths = Buffer.alloc(4);
    lengths.writeUInt32BE(name.length);
    const size = Buffer.alloc(8);
    size.writeBigUInt64BE(BigInt(entry.data.length));
    parts.push(lengths, name, size, entry.data);
  }
  return Buffer.concat(parts);
}

export function unpackEntries(archive: Buffer): BackupEntry[] {
  const entries: BackupEntry[] = [];
  let at = 0;
  while (at < archive.length) {
    const nameLength = archive.readUInt32BE(at);
    const name = archive.subarray(at + 4, at + 4 + nameLength).toString('utf8');
    at += 4 + nameLength;
    const size = Number(archive.readBigUInt64BE(at));
    entries.push({ name, data: archive.subarray(at + 8, at + 8 + size) });
    at += 8 + size;
  }
  return entries;
}

const keyOf = (passphrase: string, kdf: BackupHeader['kdf']) =>
  scryptSync(passphrase, Buffer.from(kdf.salt, 'base64'), 32, {
    N: kdf.N,
    r: kdf.r,
    p: kdf.p,
    maxmem: 256 * kdf.N * kdf.r,
  });

export function sealBackup(
  passphrase: string,
  archive: Buffer,
  database: BackupHeader['database'],
): Buffer {
  const header: BackupHeader = {
    kdf: { ...KDF, salt: randomBytes(16).toString('base64') },
    cipher: 'aes-256-gcm',
    iv: randomBytes(12).toString('base64'),
    created_at: new Date().toISOString(),
    database,
  };
  const head = Buffer.from(`${BACKUP_MAGIC}${JSON.stringify(header)}\n`, 'utf8');
  const cipher = createCipheriv(
    'aes-256-gcm',
    keyOf(passphrase, header.kdf),
    Buffer.from(header.iv, 'base64'),
  );
  cipher.setAAD(head);
  return Buffer.concat([head, cipher.update(archive), cipher.final(), cipher.getAuthTag()]);
}

/** The header and archive of a backup file; throws on a wrong passphrase or a changed file. */
export function openBackup(
  passphrase: string,
  file: Buffer,
): { header: BackupHeader; archive: Buffer } {
  if (!file.subarray(0, BACKUP_MAGIC.length).equals(Buffer.from(BACKUP_MAGIC))) {
    throw new Error('Not a Tanqin backup file (or a version this release cannot read)');
  }
  const end = file.indexOf(0x0a, BACKUP_MAGIC.length);
  const header = JSON.parse(
    file.subarray(BACKUP_MAGIC.length, end).toString('utf8'),
  ) as BackupHeader;
  const decipher = createDecipheriv(
    'aes-256-gcm',
    keyOf(passphrase, header.kdf),
    Buffer.from(header.iv, 'base64'),
  );
  decipher.setAAD(file.subarray(0, end + 1));
  decipher.setAuthTag(file.subarray(file.length - TAG_BYTES));
  try {
    const archive = Buffer.concat([
      decipher.update(file.subarray(end + 1, file.length - TAG_BYTES)),
      decipher.final(),
    ]);
    return { header, archive };
  } catch {
    throw new Error('The backup does not open: wrong BACKUP_PASSPHRASE, or the file was changed');
  }
}
