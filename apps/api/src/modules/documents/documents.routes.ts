import type { Readable } from 'node:stream';
import {
  DOCUMENT_MAX_BYTES,
  type DocumentType,
  documentFileQuerySchema,
  documentListQuerySchema,
  documentParamsSchema,
  documentReuploadQuerySchema,
  documentUploadQuerySchema,
} from '@tanqin/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
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

/** The individual's documents: only their owner ever reads them. */
export async function documentRoutes(app: FastifyInstance, { ctx }: { ctx: AppContext }) {
  // The body of an upload is the file itself, whatever the Content-Type says: its type is
  // decided by its first bytes (documents.service.ts).
  app.removeAllContentTypeParsers();
  // Who is calling is settled before a byte of an upload is read.
  const people = new WeakMap<FastifyRequest, Principal>();
  app.addHook('onRequest', async (request) => {
    people.set(request, await requireIndividual(ctx, request));
  });
  const personOf = (request: FastifyRequest) => people.get(request)!;
  const uploads = new WeakMap<FastifyRequest, { type: DocumentType; name: string }>();
  const names = new WeakMap<FastifyRequest, string>();
  app.addContentTypeParser('*', async (request: FastifyRequest, payload: Readable) =>
    readUpload(request, payload),
  );

  app.get('/documents', async (request, reply) => {
    const person = personOf(request);
    const { status } = parseInput(documentListQuerySchema, request.query);
    reply.header('Cache-Control', 'private, no-store');
    return listDocuments(ctx, person.userId, status);
  });

  app.post(
    '/documents',
    {
      bodyLimit: DOCUMENT_MAX_BYTES,
      // The query is checked before the body is read, too.
      onRequest: async (request) => {
        uploads.set(request, parseInput(documentUploadQuerySchema, request.query));
      },
    },
    async (request, reply) => {
      const input = uploads.get(request)!;
      const result = await uploadDocument(
        ctx,
        personOf(request).userId,
        input,
        request.body as Buffer,
      );
      return reply.code(201).header('Cache-Control', 'no-store').send(result);
    },
  );

  app.get('/documents/:id/file', async (request, reply) => {
    const person = personOf(request);
    const id = documentId(request);
    const { download } = parseInput(documentFileQuerySchema, request.query);
    const file = await readDocumentFile(ctx, person.userId, id);
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
  });

  app.put(
    '/documents/:id/file',
    {
      bodyLimit: DOCUMENT_MAX_BYTES,
      onRequest: async (request) => {
        documentId(request);
        names.set(request, parseInput(documentReuploadQuerySchema, request.query).name);
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return reuploadDocument(
        ctx,
        personOf(request).userId,
        documentId(request),
        names.get(request)!,
        request.body as Buffer,
      );
    },
  );

  app.delete('/documents/:id', async (request) => {
    return deleteDocument(ctx, personOf(request).userId, documentId(request));
  });
}
