import type { DocumentItem } from '@tanqin/shared';

export const PDF_BYTES = '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n';

export const pdfFile = (name = 'هويتي.pdf') =>
  new File([PDF_BYTES], name, { type: 'application/pdf' });

export const documentItem = (overrides: Partial<DocumentItem> = {}): DocumentItem => ({
  id: '00000000-0000-4000-8000-000000000001',
  name: 'national-id.pdf',
  type: 'national_id',
  status: 'verified',
  created_at: '2026-11-20T09:00:00.000Z',
  updated_at: '2026-11-20T09:00:00.000Z',
  file_type: 'pdf',
  content_type: 'application/pdf',
  file_size: 1_258_291,
  notes: null,
  ...overrides,
});
