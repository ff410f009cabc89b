import { randomUUID } from 'node:crypto';
import {
  DOCUMENT_CONTENT_TYPES,
  type DocumentFileType,
  type DocumentItem,
  type DocumentStatus,
  type DocumentType,
  messageText,
} from '@tanqin/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  openContent,
  openName,
  readSealedContent,
  sealContent,
  sealName,
  storeContent,
} from './document-storage.ts';
import { detectFileType, FILE_EXTENSIONS } from './file-type.ts';

interface DocumentRow {
  id: string;
  type: DocumentType;
  name_encrypted: string;
  file_type: DocumentFileType;
  file_size: number;
  status: DocumentStatus;
  notes: string | null;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS =
  'id, type, name_encrypted, file_type, file_size, status, notes, created_at, updated_at';

export const documentNotFound = () =>
  new AppError('not_found', messageText('documentNotFound', 'en'), {
    detailKey: 'documentNotFound',
  });

export const unsupportedFile = () =>
  new AppError('unsupported_file_type', messageText('documentFileUnsupported', 'en'), {
    detailKey: 'documentFileUnsupported',
  });

export const fileTooLarge = () =>
  new AppError('payload_too_large', messageText('documentFileTooLarge', 'en'), {
    detailKey: 'documentFileTooLarge',
  });

function toItem(ctx: AppContext, row: DocumentRow): DocumentItem {
  return {
    id: row.id,
    name: openName(ctx, row.id, row.name_encrypted),
    type: row.type,
    status: row.status,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
    file_type: row.file_type,
    content_type: DOCUMENT_CONTENT_TYPES[row.file_type],
    file_size: Number(row.file_size),
    notes: row.notes,
  };
}

function fileTypeOf(bytes: Buffer | undefined): DocumentFileType {
  const fileType = detectFileType(bytes);
  if (!fileType) throw unsupportedFile();
  return fileType;
}

export async function listDocuments(
  ctx: AppContext,
  userId: string,
  status: 'all' | DocumentStatus,
) {
  const rows = await ctx.db.query<DocumentRow>(
    `select ${COLUMNS} from documents
      where user_id = $1 and ($2::text = 'all' or status = $2)
      order by created_at desc, id desc`,
    [userId, status],
  );
  return { documents: rows.map((row) => toItem(ctx, row)) };
}

/**
 * Stores a new document: its row and its sealed content in one transaction, so a failure leaves
 * neither.
 */
export async function uploadDocument(
  ctx: AppContext,
  userId: string,
  input: { type: DocumentType; name: string },
  bytes: Buffer | undefined,
) {
  const fileType = fileTypeOf(bytes);
  const body = bytes!;
  const id = randomUUID();
  const now = ctx.clock.now();
  const sealed = sealContent(ctx, id, body);
  const row = await ctx.db.transaction(async (tx) => {
    const [inserted] = await tx.query<DocumentRow>(
      `insert into documents (id, user_id, type, name_encrypted, file_type, file_size, status, created_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, 'pending', $7, $7)
       returning ${COLUMNS}`,
      [id, userId, input.type, sealName(ctx, id, input.name), fileType, body.length, now],
    );
    await storeContent(tx, id, sealed);
    return inserted!;
  });
  return { document: toItem(ctx, row) };
}

/**
 * Replaces the file of a pending or rejected document; it goes back to pending for review and the
 * reviewer's notes are cleared. The row and the content change in one transaction.
 */
export async function reuploadDocument(
  ctx: AppContext,
  userId: string,
  id: string,
  name: string,
  bytes: Buffer | undefined,
) {
  const fileType = fileTypeOf(bytes);
  const body = bytes!;
  const now = ctx.clock.now();
  const sealed = sealContent(ctx, id, body);
  const row = await ctx.db.transaction(async (tx) => {
    const [current] = await tx.query<{ status: DocumentStatus }>(
      'select status from documents where id = $1 and user_id = $2 for update',
      [id, userId],
    );
    if (!current) throw documentNotFound();
    if (current.status === 'verified') {
      throw new AppError('document_verified');
    }
    const [updated] = await tx.query<DocumentRow>(
      `update documents set name_encrypted = $3, file_type = $4, file_size = $5, status = 'pending',
              notes = null, reviewed_at = null, updated_at = $6
        where id = $1 and user_id = $2
        returning ${COLUMNS}`,
      [id, userId, sealName(ctx, id, name), fileType, body.length, now],
    );
    await storeContent(tx, id, sealed);
    return updated!;
  });
  return { document: toItem(ctx, row) };
}

/** Deletes the row; its content goes with it in the same statement (`on delete cascade`). */
export async function deleteDocument(ctx: AppContext, userId: string, id: string) {
  const [row] = await ctx.db.query<{ id: string }>(
    'delete from documents where id = $1 and user_id = $2 returning id',
    [id, userId],
  );
  if (!row) throw documentNotFound();
  return { success: true as const };
}

export const documentUnavailable = () => new AppError('document_unavailable');

/**
 * The decrypted file, for its owner only, with the name to download it under. A document whose
 * content is missing (a file not moved into the database yet: `npm run documents:migrate` on the
 * machine that holds it) or does not open (a key no longer configured) answers 503
 * `document_unavailable`, logged for the operator with the document's id.
 */
export async function readDocumentFile(
  ctx: AppContext,
  userId: string,
  id: string,
  log: Pick<FastifyBaseLogger, 'warn' | 'error'>,
) {
  const [row] = await ctx.db.query<DocumentRow>(
    `select ${COLUMNS} from documents where id = $1 and user_id = $2`,
    [id, userId],
  );
  if (!row) throw documentNotFound();
  const item = toItem(ctx, row);
  const sealed = await readSealedContent(ctx.db, id);
  if (!sealed) {
    log.warn(
      { document_id: id },
      'document content missing: run npm run documents:migrate where its file is',
    );
    throw documentUnavailable();
  }
  let bytes: Buffer;
  try {
    bytes = openContent(ctx, id, sealed).plaintext;
  } catch (error) {
    log.error({ document_id: id, err: error }, 'document content does not open');
    throw documentUnavailable();
  }
  return {
    bytes,
    contentType: item.content_type,
    fileName: withExtension(item.name, row.file_type),
  };
}

/** The name with the extension of the real type (a PNG sent as `scan.pdf` downloads as `scan.png`). */
export function withExtension(name: string, fileType: DocumentFileType): string {
  const match = /\.([A-Za-z0-9]{1,5})$/.exec(name);
  const extensions = FILE_EXTENSIONS[fileType];
  if (match && extensions.includes(match[1]!.toLowerCase())) return name;
  const base = match ? name.slice(0, -match[0].length) : name;
  return `${base || 'document'}.${extensions[0]}`;
}

/** A reviewer's decision (the operator command `review-document`; there is no reviewer screen). */
export async function reviewDocument(
  ctx: AppContext,
  id: string,
  status: 'verified' | 'rejected',
  notes?: string,
) {
  const now = ctx.clock.now();
  const [row] = await ctx.db.query<DocumentRow>(
    `update documents set status = $2, notes = $3, reviewed_at = $4, updated_at = $4
      where id = $1 returning ${COLUMNS}`,
    [id, status, notes || null, now],
  );
  if (!row) throw documentNotFound();
  return { document: toItem(ctx, row) };
}
