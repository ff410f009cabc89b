import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { AppContext } from '../../app-context.ts';
import { firstThatOpens, seal, unseal } from '../../lib/key-ring.ts';

/**
 * Documents at rest: `DOCUMENTS_DIR/<id>.bin` holds `TQD1 | iv (12) | tag (16) | AES-256-GCM
 * ciphertext`, under a key derived (HKDF) from the server pepper (the current one's for new files; a file
 * written before a TOKEN_PEPPER rotation opens under the previous one's until resealed), with the document id as
 * associated data, so a file copied over another document's name does not open.
 */
const MAGIC = Buffer.from('TQD1');
const IV_BYTES = 12;
const TAG_BYTES = 16;

const fileAad = (id: string) => Buffer.from(`document-file:${id}`);
const nameAad = (id: string) => `document-name:${id}`;

export function documentPath(ctx: AppContext, id: string): string {
  return path.join(ctx.config.documentsDir, `${id}.bin`);
}

/** The file name a person gave is theirs to read only: kept encrypted in the row. */
export function sealName(ctx: AppContext, id: string, name: string): string {
  return seal(ctx.keys.documents, name, nameAad(id));
}

export function openName(ctx: AppContext, id: string, sealed: string): string {
  return unseal(ctx.keys.documents, sealed, nameAad(id)).toString('utf8');
}

/**
 * Encrypts the bytes into a temporary file beside the final one; `place` later renames it into
 * place (atomic on one file system), so a reader never sees half a file.
 */
export async function writeSealedTemp(ctx: AppContext, id: string, plaintext: Buffer) {
  await mkdir(ctx.config.documentsDir, { recursive: true, mode: 0o700 });
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', ctx.keys.documents.current.key, iv);
  cipher.setAAD(fileAad(id));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  const temp = path.join(ctx.config.documentsDir, `${id}.${randomBytes(6).toString('hex')}.tmp`);
  await writeFile(temp, Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]), { mode: 0o600 });
  return {
    temp,
    place: () => rename(temp, documentPath(ctx, id)),
    discard: () => rm(temp, { force: true }),
  };
}

export async function readSealed(ctx: AppContext, id: string): Promise<Buffer> {
  const sealed = await readFile(documentPath(ctx, id));
  if (!sealed.subarray(0, MAGIC.length).equals(MAGIC))
    throw new Error(`Document ${id}: bad header`);
  const iv = sealed.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
  const tag = sealed.subarray(MAGIC.length + IV_BYTES, MAGIC.length + IV_BYTES + TAG_BYTES);
  return firstThatOpens(ctx.keys.documents.all, (key) => {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAAD(fileAad(id));
    decipher.setAuthTag(tag);
    return Buffer.concat([
      decipher.update(sealed.subarray(MAGIC.length + IV_BYTES + TAG_BYTES)),
      decipher.final(),
    ]);
  });
}

export function removeSealed(ctx: AppContext, id: string) {
  return rm(documentPath(ctx, id), { force: true });
}
