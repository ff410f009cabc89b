import {
  DOCUMENT_MAX_BYTES,
  documentListQuerySchema,
  documentListSchema,
  documentSavedSchema,
  documentUploadQuerySchema,
} from '@tanqin/shared';
import type { AppContext } from '../../app-context.ts';
import { type ContractApp, problemAnswers } from '../../lib/contract.ts';
import { parseInput } from '../../lib/validate.ts';
import {
  PERSON_PROBLEMS,
  type PersonOf,
  tags,
  UPLOAD_MEDIA_TYPES,
  UPLOAD_PROBLEMS,
  uploadBody,
} from './document-contract.ts';
import { listDocuments, uploadDocument } from './documents.service.ts';

/** /documents: the individual's list, and an upload that adds one. */
export function documentCollectionRoutes(app: ContractApp, ctx: AppContext, personOf: PersonOf) {
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
}
