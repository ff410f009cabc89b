import { DOCUMENT_CONTENT_TYPES, documentFileSchema } from '@tanqin/shared';
import type { FastifyRequest } from 'fastify';
import { SESSION_PROBLEMS } from '../../lib/contract.ts';
import type { Principal } from '../auth/index.ts';

/** What the documents' routes share: their tag, their refusals, the upload's body. */
export const tags = ['Documents'];
/** Every route: the owner's session (checked before a byte of an upload is read). */
export const PERSON_PROBLEMS = [...SESSION_PROBLEMS, 'forbidden'] as const;
/** A route naming a document: unknown, malformed or another person's id is 404. */
export const DOCUMENT_PROBLEMS = [...PERSON_PROBLEMS, 'not_found'] as const;
/** An upload: its query, then its bytes (a PDF, JPEG or PNG of at most 10 MB). */
export const UPLOAD_PROBLEMS = [
  'validation_failed',
  'unsupported_file_type',
  'payload_too_large',
] as const;

/** What an upload may be sent as: the bytes decide its type, never this header. */
export const UPLOAD_MEDIA_TYPES = [
  ...Object.values(DOCUMENT_CONTENT_TYPES),
  'application/octet-stream',
];
export const uploadBody = documentFileSchema.meta({
  type: 'string',
  format: 'binary',
  description: 'The file itself (PDF, JPEG or PNG, at most 10 MB), whatever its Content-Type',
});

/** The individual calling, settled before the route ran (documents.routes.ts). */
export type PersonOf = (request: FastifyRequest) => Principal;
