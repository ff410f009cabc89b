import {
  DOCUMENT_CONTENT_TYPES,
  DOCUMENT_MAX_BYTES,
  documentFileQuerySchema,
  documentFileSchema,
  documentParamsSchema,
  documentPathSchema,
  documentReuploadQuerySchema,
  documentSavedSchema,
  successOnlySchema,
} from '@tanqin/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import { type ContractApp, problemAnswers } from '../../lib/contract.ts';
import { parseInput } from '../../lib/validate.ts';
import {
  DOCUMENT_PROBLEMS,
  type PersonOf,
  tags,
  UPLOAD_MEDIA_TYPES,
  UPLOAD_PROBLEMS,
  uploadBody,
} from './document-contract.ts';
import {
  deleteDocument,
  documentNotFound,
  readDocumentFile,
  reuploadDocument,
} from './documents.service.ts';

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

/** The media types of a document's file. */
const fileContent = Object.fromEntries(
  Object.values(DOCUMENT_CONTENT_TYPES).map((type) => [type, { schema: documentFileSchema }]),
);

/** /documents/:id: one document's file (read, replaced) and its deletion. */
export function documentByIdRoutes(app: ContractApp, ctx: AppContext, personOf: PersonOf) {
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
          ...problemAnswers(DOCUMENT_PROBLEMS, ['validation_failed', 'document_unavailable']),
        },
      },
    },
    async (request, reply) => {
      const { download } = request.query;
      const file = await readDocumentFile(
        ctx,
        personOf(request).userId,
        documentId(request),
        request.log,
      );
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
