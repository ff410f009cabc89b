import type { Readable } from 'node:stream';
import {
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_MAX_BYTES,
  documentFileQuerySchema,
  documentFileSchema,
  documentListQuerySchema,
  documentListSchema,
  documentParamsSchema,
  documentPathSchema,
  documentReuploadQuerySchema,
  documentSavedSchema,
  documentUploadQuerySchema,
  successOnlySchema,
} from '@tanqin/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { type ContractApp, problemAnswers, SESSION_PROBLEMS } from '../../lib/contract.ts';
import { parseInput } from '../../lib/validate.ts';
import { requireIndividual } from '../../plugins/authenticate.ts';
import type { Principal } from '../auth/sessions.service.ts';
import {
  deleteDocument,
  documentNotFound,
  fileTooLarge,
  listDocuments,
  readDocumentFile,
  reuploadDocument,
  uploadDocument,
} from './documents.service.ts';

/**
 * Reads a raw upload up to `limit` bytes. A body announced or found larger is refused with 413;
 * the rest of a slightly larger body is read and dropped so the client gets the answer rather
 * than a reset connection, but a body far past the limit is cut off.
 */
async function readUpload(request: FastifyRequest, payload: Readable): Promise<Buffer> {
  const limit = request.routeOptions.bodyLimit ?? DOCUMENT_MAX_BYTES;
  const declared = Number(request.headers['content-length'] ?? 0);
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of payload as AsyncIterable<Buffer>) {
    total += chunk.length;
    if (total > limit * 2) throw fileTooLarge();
    if (total <= limit && declared <= limit) chunks.push(chunk);
  }
  if (total > limit || declared > limit) throw fileTooLarge();
  return Buffer.concat(chunks, total);
}

/** RFC 6266 with an RFC 5987 `filename*` so Arabic names survive; a plain ASCII fallback too. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

/** A malformed id is answered like another person's: 404. */
function documentId(request: FastifyRequest): string {
  const parsed = documentParamsSchema.safeParse(request.params);
  if (!parsed.success) throw documentNotFound();
  return parsed.data.id;
}

const tags = ['Documents'];
/** Every route: the owner's session (checked before a byte of an upload is read). */
const PERSON_PROBLEMS = [...SESSION_PROBLEMS, 'forbidden'] as const;
/** A route naming a document: unknown, malformed or another person's id is 404. */
const DOCUMENT_PROBLEMS = [...PERSON_PROBLEMS, 'not_found'] as const;
/** An upload: its query, then its bytes (a PDF, JPEG or PNG of at most 10 MB). */
const UPLOAD_PROBLEMS = [
  'validation_failed',
  'unsupported_file_type',
  'payload_too_large',
] as const;

/** The media types of a document's file. */
const fileContent = Object.fromEntries(
  Object.values(DOCUMENT_CONTENT_TYPES).map((type) => [type, { schema: documentFileSchema }]),
);
/** What an upload may be sent as: the bytes decide its type, never this header. */
const UPLOAD_MEDIA_TYPES = [...Object.values(DOCUMENT_CONTENT_TYPES), 'application/octet-stream'];
const uploadBody = documentFileSchema.meta({
  type: 'string',
  format: 'binary',
  description: 'The file itself (PDF, JPEG or PNG, at most 10 MB), whatever its Content-Type',
});

/** The individual's documents: only their owner ever reads them. */
export async function documentRoutes(app: ContractApp, { ctx }: { ctx: AppContext }) {
  // The body of an upload is the file itself, whatever the Content-Type says: its type is
  // decided by its first bytes (documents.service.ts).
  app.removeAllContentTypeParsers();
  // Who is calling is settled before a byte of an upload is read.
  const people = new WeakMap<FastifyRequest, Principal>();
  app.addHook('onRequest', async (request) => {
    people.set(request, await requireIndividual(ctx, request));
  });
  const personOf = (request: FastifyRequest) => people.get(request)!;
  app.addContentTypeParser('*', async (request: FastifyRequest, payload: Readable) =>
    readUpload(request, payload),
  );

  app.get(
    '/documents',
    {
      schema: {
        summary: "The individual's documents, newest first",
        tags,
        querystring: documentListQuerySchema,
        response: {
          200: documentListSchema,
          ...problemAnswers(PERSON_PROBLEMS, ['validation_failed']),
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return listDocuments(ctx, personOf(request).userId, request.query.status);
    },
  );

  app.post(
    '/documents',
    {
      bodyLimit: DOCUMENT_MAX_BYTES,
      // The query is checked before the body is read, too.
      onRequest: async (request) => {
        parseInput(documentUploadQuerySchema, request.query);
      },
      schema: {
        summary: 'Upload a document; it waits for review',
        tags,
        querystring: documentUploadQuerySchema,
        consumes: UPLOAD_MEDIA_TYPES,
        body: uploadBody,
        response: {
          201: documentSavedSchema,
          ...problemAnswers(PERSON_PROBLEMS, UPLOAD_PROBLEMS),
        },
      },
    },
    async (request, reply) => {
      const result = await uploadDocument(
        ctx,
        personOf(request).userId,
        request.query,
        request.body as Buffer | undefined,
      );
      return reply.code(201).header('Cache-Control', 'no-store').send(result);
    },
  );

  app.get(
    '/documents/:id/file',
    {
      schema: {
        summary: "The document's file, decrypted, for its owner (inline, or as a download)",
        tags,
        params: documentPathSchema,
        querystring: documentFileQuerySchema,
        response: {
          200: {
            description: 'The file, named in Content-Disposition',
            content: fileContent,
          },
          ...problemAnswers(DOCUMENT_PROBLEMS, ['validation_failed']),
        },
      },
    },
    async (request, reply) => {
      const { download } = request.query;
      const file = await readDocumentFile(ctx, personOf(request).userId, documentId(request));
      const isDownload = download === '1' || download === 'true';
      return reply
        .header('Content-Type', file.contentType)
        .header(
          'Content-Disposition',
          contentDisposition(isDownload ? 'attachment' : 'inline', file.fileName),
        )
        .header('Cache-Control', 'private, no-store')
        .header('X-Content-Type-Options', 'nosniff')
        .send(file.bytes);
    },
  );

  app.put(
    '/documents/:id/file',
    {
      bodyLimit: DOCUMENT_MAX_BYTES,
      onRequest: async (request) => {
        documentId(request);
        parseInput(documentReuploadQuerySchema, request.query);
      },
      schema: {
        summary: 'Replace the file of a pending or rejected document; it waits for review again',
        tags,
        params: documentPathSchema,
        querystring: documentReuploadQuerySchema,
        consumes: UPLOAD_MEDIA_TYPES,
        body: uploadBody,
        response: {
          200: documentSavedSchema,
          ...problemAnswers(DOCUMENT_PROBLEMS, UPLOAD_PROBLEMS, ['document_verified']),
        },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return reuploadDocument(
        ctx,
        personOf(request).userId,
        documentId(request),
        request.query.name,
        request.body as Buffer | undefined,
      );
    },
  );

  app.delete(
    '/documents/:id',
    {
      schema: {
        summary: 'Delete a document and its file',
        tags,
        params: documentPathSchema,
        response: { 200: successOnlySchema, ...problemAnswers(DOCUMENT_PROBLEMS) },
      },
    },
    async (request) => deleteDocument(ctx, personOf(request).userId, documentId(request)),
  );
}
