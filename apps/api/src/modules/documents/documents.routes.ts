import type { Readable } from 'node:stream';
import { DOCUMENT_MAX_BYTES } from '@tanqin/shared';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../app-context.ts';
import type { ContractApp } from '../../lib/contract.ts';
import type { Principal } from '../auth/index.ts';
import { requireIndividual } from '../auth/index.ts';
import { documentByIdRoutes } from './document-by-id.routes.ts';
import { documentCollectionRoutes } from './document-collection.routes.ts';
import { fileTooLarge } from './documents.service.ts';

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

/**
 * The individual's documents: only their owner ever reads them. One file per resource: the list
 * and uploads (/documents), then one document (/documents/:id).
 */
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
  documentCollectionRoutes(app, ctx, personOf);
  documentByIdRoutes(app, ctx, personOf);
}
