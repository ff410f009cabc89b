import { randomUUID } from 'node:crypto';
import {
  DOCUMENT_CONTENT_TYPES,
  type DocumentFileType,
  type DocumentItem,
  type DocumentStatus,
  type DocumentType,
  messageText,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  openName,
  readSealed,
  removeSealed,
  sealName,
  writeSealedTemp,
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
 * Stores a new document: the encrypted file first, then its row; if the row cannot be written the
 * file is removed, so a failure leaves neither.
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
  const file = await writeSealedTemp(ctx, id, body);
  try {
    await file.place();
    const [row] = await ctx.db.transaction((tx) =>
      tx.query<DocumentRow>(
        `insert into documents (id, user_id, type, name_encrypted, file_type, file_size, status, created_at, updated_at)
         values ($1, $2, $3, $4, $5, $6, 'pending', $7, $7)
         returning ${COLUMNS}`,
        [id, userId, input.type, sealName(ctx, id, input.name), fileType, body.length, now],
      ),
    );
    return { document: toItem(ctx, row!) };
  } catch (error) {
    await file.discard();
    await removeSealed(ctx, id);
    throw error;
  }
}

/**
 * Replaces the file of a pending or rejected document; it goes back to pending for review and the
 * reviewer's notes are cleared. The new file is renamed into place inside the transaction, last,
 * so the row changes only if the file did.
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
  const file = await writeSealedTemp(ctx, id, body);
  try {
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
      await file.place();
      return updated!;
    });
    return { document: toItem(ctx, row) };
  } finally {
    await file.discard();
  }
}

/** Deletes the row, then the file. */
export async function deleteDocument(ctx: AppContext, userId: string, id: string) {
  const [row] = await ctx.db.query<{ id: string }>(
    'delete from documents where id = $1 and user_id = $2 returning id',
    [id, userId],
  );
  if (!row) throw documentNotFound();
  await removeSealed(ctx, id);
  return { success: true as const };
}

/** The decrypted file, for its owner only, with the name to download it under. */
export async function readDocumentFile(ctx: AppContext, userId: string, id: string) {
  const [row] = await ctx.db.query<DocumentRow>(
    `select ${COLUMNS} from documents where id = $1 and user_id = $2`,
    [id, userId],
  );
  if (!row) throw documentNotFound();
  const item = toItem(ctx, row);
  return {
    bytes: await readSealed(ctx, id),
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
