import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import path from 'node:path';
import type { AppContext } from '../../app-context.ts';
import type { Queryable } from '../../db/database.ts';
import { type KeyVersion, seal, unseal } from '../../lib/key-ring.ts';

/**
 * Documents at rest: the content of each is a row of `document_files` (every process reads it),
 * `TQD1 | iv (12) | tag (16) | AES-256-GCM ciphertext`, under a key derived (HKDF) from the server
 * pepper (the current one's for new content; content sealed before a TOKEN_PEPPER rotation opens
 * under the previous one's until resealed), with the document id as associated data, so content
 * copied over another document's does not open. Before issue 31.3 the same bytes were files,
 * `DOCUMENTS_DIR/<id>.bin`, on each process's machine; they move into the database at start and
 * with `npm run documents:migrate` (document-files-move.ts).
 */
const MAGIC = Buffer.from('TQD1');
const IV_BYTES = 12;
const TAG_BYTES = 16;

const contentAad = (id: string) => Buffer.from(`document-file:${id}`);
const nameAad = (id: string) => `document-name:${id}`;

/** Where a document's content was kept before it moved into the database. */
export function legacyFilePath(ctx: AppContext, id: string): string {
  return path.join(ctx.config.documentsDir, `${id}.bin`);
}

/** The file name a person gave is theirs to read only: kept encrypted in the row. */
export function sealName(ctx: AppContext, id: string, name: string): string {
  return seal(ctx.keys.documents, name, nameAad(id));
}

export function openName(ctx: AppContext, id: string, sealed: string): string {
  return unseal(ctx.keys.documents, sealed, nameAad(id)).toString('utf8');
}

/** The sealed payload of a document's content, under the current key. */
export function sealContent(ctx: AppContext, id: string, plaintext: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', ctx.keys.documents.current.key, iv);
  cipher.setAAD(contentAad(id));
  const body = Buffer.concat([cipher.update(plaintext), cipher.final()]);
  return Buffer.concat([MAGIC, iv, cipher.getAuthTag(), body]);
}

/**
 * Opens a sealed payload under the first key of `versions` (by default every key of the ring)
 * that opens it; throws when none does or the payload is not one.
 */
export function openContent(
  ctx: AppContext,
  id: string,
  sealed: Buffer,
  versions: KeyVersion[] = ctx.keys.documents.all,
): { plaintext: Buffer; version: KeyVersion } {
  if (!sealed.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new Error(`Document ${id}: not a sealed document`);
  }
  const iv = sealed.subarray(MAGIC.length, MAGIC.length + IV_BYTES);
  const tag = sealed.subarray(MAGIC.length + IV_BYTES, MAGIC.length + IV_BYTES + TAG_BYTES);
  let failure: unknown = new Error(`Document ${id}: no key to open it`);
  for (const version of versions) {
    try {
      const decipher = createDecipheriv('aes-256-gcm', version.key, iv);
      decipher.setAAD(contentAad(id));
      decipher.setAuthTag(tag);
      const plaintext = Buffer.concat([
        decipher.update(sealed.subarray(MAGIC.length + IV_BYTES + TAG_BYTES)),
        decipher.final(),
      ]);
      return { plaintext, version };
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

/** Writes (or replaces) a document's sealed content, inside the caller's transaction. */
export async function storeContent(tx: Queryable, id: string, sealed: Buffer) {
  await tx.query(
    `insert into document_files (document_id, content) values ($1, $2)
     on conflict (document_id) do update set content = excluded.content`,
    [id, sealed],
  );
}

/** A document's sealed content, or undefined when the database holds none for it. */
export async function readSealedContent(db: Queryable, id: string): Promise<Buffer | undefined> {
  const [row] = await db.query<{ content: Uint8Array }>(
    'select content from document_files where document_id = $1',
    [id],
  );
  return row
    ? Buffer.from(row.content.buffer, row.content.byteOffset, row.content.byteLength)
    : undefined;
}
