import { readdir, readFile, rm } from 'node:fs/promises';
import type { AppContext } from '../../app-context.ts';
import {
  legacyFilePath,
  openContent,
  readSealedContent,
  sealContent,
  storeContent,
} from './document-storage.ts';
import { detectFileType } from './file-type.ts';

/** What a move did with the files of DOCUMENTS_DIR, by kind. */
export interface DocumentMoveReport {
  /** The folder looked at (DOCUMENTS_DIR). */
  folder: string;
  /** `<id>.bin` files found. */
  files: number;
  /** Files whose content is now in the database, taken from the file. */
  moved: number;
  /** Files whose content the database already held (the same, or a newer one). */
  already_in_database: number;
  /**
   * Files an older process wrote over content already moved (a re-upload during a rolling
   * upgrade): the document's row describes the file, so the database took the file's content.
   */
  replaced: number;
  /** Files deleted from the folder, their content being in the database. */
  removed: number;
  /** Left in place: the document no longer exists (deleted by its owner); delete them. */
  left_without_document: number;
  /** Left in place: no configured key opens them (TOKEN_PEPPER_PREVIOUS missing?) or damaged. */
  left_unreadable: number;
  /** Left in place: they differ from the database's content and it is not clear which is current. */
  left_differing: number;
}

interface MoveLog {
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
}

const FILE_NAME = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.bin$/i;
const BATCH = 500;

/** Does this plaintext match the row (its size and its type, as both change together)? */
const matchesRow = (plaintext: Buffer | undefined, row: DocumentState) =>
  plaintext !== undefined &&
  plaintext.length === row.file_size &&
  detectFileType(plaintext) === row.file_type;

interface DocumentState {
  id: string;
  file_size: number;
  file_type: string;
  stored: boolean;
}

/**
 * Moves document files written before issue 31.3 (`DOCUMENTS_DIR/<id>.bin`) into the database
 * (`document_files`), where every process reads them. Idempotent: run it again and it finds
 * nothing more to do. Each file is opened first (a file no configured key opens stays where it
 * is); content sealed under a previous pepper is re-sealed under the current one on the way in.
 *
 * `removeFiles: false` (a PostgreSQL process at start, while processes of the previous version
 * may still read the same folder) only copies in what the database lacks and touches no file.
 * `removeFiles: true` (the command, and an embedded process at start, which holds its data folder
 * alone) also deletes every file whose content the database holds, after comparing the two: a
 * file an older process re-uploaded after its content moved replaces the database's content when
 * the document's row describes the file and not the database's content. Files of deleted
 * documents, unreadable ones and ambiguous ones are left in place and counted.
 */
export async function moveDocumentFiles(
  ctx: AppContext,
  options: { removeFiles: boolean; log?: MoveLog },
): Promise<DocumentMoveReport> {
  const folder = ctx.config.documentsDir;
  const report: DocumentMoveReport = {
    folder,
    files: 0,
    moved: 0,
    already_in_database: 0,
    replaced: 0,
    removed: 0,
    left_without_document: 0,
    left_unreadable: 0,
    left_differing: 0,
  };
  const names = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [] as string[];
    throw error;
  });
  const ids = names.flatMap((name) => FILE_NAME.exec(name)?.[1]?.toLowerCase() ?? []);
  report.files = ids.length;
  for (let start = 0; start < ids.length; start += BATCH) {
    const batch = ids.slice(start, start + BATCH);
    const rows = await ctx.db.query<DocumentState>(
      `select d.id::text as id, d.file_size, d.file_type,
              exists (select 1 from document_files f where f.document_id = d.id) as stored
         from documents d where d.id = any($1::uuid[])`,
      [batch],
    );
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const id of batch) {
      const row = byId.get(id);
      if (!row) report.left_without_document++;
      else await moveOne(ctx, row, options, report);
    }
  }
  const log = options.log;
  if (log && report.files > 0) {
    const left = report.left_without_document + report.left_unreadable + report.left_differing;
    (left > 0 ? log.warn : log.info).call(
      log,
      { documents: report },
      left > 0
        ? `documents: ${left} files of ${folder} left in place (npm run documents:migrate says why)`
        : `documents: ${report.moved} files of ${folder} moved into the database`,
    );
  }
  return report;
}

async function moveOne(
  ctx: AppContext,
  row: DocumentState,
  { removeFiles, log }: { removeFiles: boolean; log?: MoveLog },
  report: DocumentMoveReport,
) {
  const { id } = row;
  // Copying only: content already in the database is never read nor compared.
  if (row.stored && !removeFiles) {
    report.already_in_database++;
    return;
  }
  const file = legacyFilePath(ctx, id);
  let plaintext: Buffer;
  let sealed: Buffer;
  try {
    sealed = await readFile(file);
    const opened = openContent(ctx, id, sealed);
    plaintext = opened.plaintext;
    if (opened.version !== ctx.keys.documents.current) sealed = sealContent(ctx, id, plaintext);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    log?.warn({ document_id: id, err: error }, 'document file does not open: left in place');
    report.left_unreadable++;
    return;
  }
  if (!row.stored) {
    const inserted = await ctx.db.query(
      `insert into document_files (document_id, content)
       select $1, $2 where exists (select 1 from documents where id = $1)
       on conflict (document_id) do nothing returning 1`,
      [id, sealed],
    );
    if (inserted.length > 0) {
      report.moved++;
      if (removeFiles) await remove(file, report, log);
      return;
    }
    // Deleted or moved by another process meanwhile: the next run sees which.
    if (!removeFiles) return;
  }
  const current = await readSealedContent(ctx.db, id);
  let stored: Buffer | undefined;
  try {
    stored = current && openContent(ctx, id, current).plaintext;
  } catch {
    stored = undefined;
  }
  if (stored?.equals(plaintext)) {
    report.already_in_database++;
  } else if (matchesRow(plaintext, row) && !matchesRow(stored, row)) {
    const replaced = await ctx.db.transaction(async (tx) => {
      const [still] = await tx.query('select 1 from documents where id = $1 for update', [id]);
      if (still) await storeContent(tx, id, sealed);
      return Boolean(still);
    });
    if (!replaced) {
      report.left_without_document++;
      return;
    }
    report.replaced++;
  } else {
    log?.warn(
      { document_id: id },
      'document file differs from the content in the database: left in place',
    );
    report.left_differing++;
    return;
  }
  await remove(file, report, log);
}

async function remove(file: string, report: DocumentMoveReport, log?: MoveLog) {
  try {
    await rm(file, { force: true });
    report.removed++;
  } catch (error) {
    log?.warn({ file, err: error }, 'document file moved but not deleted');
  }
}
