import { z } from 'zod';
import { timestampSchema } from './common.ts';
import { text } from './text.ts';

/** An individual's documents (GET/POST /api/v1/documents): uploaded, encrypted at rest, reviewed. */

export const DOCUMENT_TYPES = [
  'national_id',
  'passport',
  'driving_license',
  'education',
  'address_proof',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Set by a reviewer; the web app shows any other value as "unknown". */
export const DOCUMENT_STATUSES = ['pending', 'verified', 'rejected'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];

/** Decided from the file's first bytes, never from its name or the request's header. */
export const DOCUMENT_FILE_TYPES = ['pdf', 'jpeg', 'png'] as const;
export type DocumentFileType = (typeof DOCUMENT_FILE_TYPES)[number];

export const DOCUMENT_CONTENT_TYPES: Record<DocumentFileType, string> = {
  pdf: 'application/pdf',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

/** 10 MB, the spec's upload limit. */
export const DOCUMENT_MAX_BYTES = 10 * 1024 * 1024;

export const DOCUMENT_NAME_MAX = 200;

/** The original file name, as shown in the list: trimmed, without control characters. */
const documentName = text('documentNameRequired')
  .transform((value) => value.replace(/[\p{Cc}\p{Cf}]/gu, '').trim())
  .pipe(text().min(1, 'documentNameRequired').max(DOCUMENT_NAME_MAX, 'tooLong'));

export const documentListQuerySchema = z.object({
  status: z.enum(['all', ...DOCUMENT_STATUSES], { error: 'documentStatusInvalid' }).default('all'),
});
export type DocumentListQuery = z.input<typeof documentListQuerySchema>;

/** POST /api/v1/documents?type=&name= with the raw file as the body. */
export const documentUploadQuerySchema = z.object({
  type: z.enum(DOCUMENT_TYPES, { error: 'documentTypeInvalid' }),
  name: documentName,
});
export type DocumentUploadQuery = z.input<typeof documentUploadQuerySchema>;

/** PUT /api/v1/documents/:id/file?name= (re-upload). */
export const documentReuploadQuerySchema = z.object({ name: documentName });

export const documentFileQuerySchema = z.object({
  download: z.enum(['0', '1', 'true', 'false']).optional(),
});

export const documentParamsSchema = z.object({
  id: z.uuid({ error: 'documentNotFound' }),
});

export const documentReviewSchema = z.object({
  status: z.enum(['verified', 'rejected']),
  notes: text().trim().max(1000, 'tooLong').optional(),
});

export const documentItemSchema = z.object({
  id: z.uuid(),
  name: z.string().meta({ description: 'The original file name' }),
  type: z.enum(DOCUMENT_TYPES),
  status: z.enum(DOCUMENT_STATUSES),
  created_at: timestampSchema,
  updated_at: timestampSchema,
  file_type: z.enum(DOCUMENT_FILE_TYPES),
  content_type: z.string(),
  file_size: z.number().int().meta({ description: 'Bytes' }),
  notes: z.string().nullable().meta({ description: "The reviewer's notes" }),
});
export type DocumentItem = z.infer<typeof documentItemSchema>;

/** GET /api/v1/documents. */
export const documentListSchema = z.object({ documents: z.array(documentItemSchema) });
export type DocumentList = z.infer<typeof documentListSchema>;

/** 201 of POST /api/v1/documents and 200 of PUT /api/v1/documents/:id/file. */
export const documentSavedSchema = z.object({ document: documentItemSchema });
export type DocumentSaved = z.infer<typeof documentSavedSchema>;

/**
 * The path parameter as documented: any text, so that a malformed id is answered like another
 * person's document (404) by the route rather than as a 400.
 */
export const documentPathSchema = z.object({
  id: z.string().meta({ description: "The document's id (a UUID); any other text answers 404" }),
});

/**
 * A file's bytes, as an upload sends them and GET /documents/:id/file answers them: the server
 * handles them as a Buffer, never as JSON, so the schema only describes them.
 */
export const documentFileSchema = z.any().meta({ type: 'string', format: 'binary' });
