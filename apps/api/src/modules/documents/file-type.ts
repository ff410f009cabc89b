import type { DocumentFileType } from '@tanqin/shared';

/**
 * The file's real type from its first bytes (its "magic number"), never from its name or the
 * request's Content-Type: a renamed text or HTML file is not a PDF.
 */
export function detectFileType(bytes: Buffer | undefined): DocumentFileType | null {
  if (!bytes || bytes.length < 4) return null;
  // %PDF- (ISO 32000: the header may follow a few bytes of junk; we ask for it at the start).
  if (bytes.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  return null;
}

export const FILE_EXTENSIONS: Record<DocumentFileType, string[]> = {
  pdf: ['pdf'],
  jpeg: ['jpg', 'jpeg'],
  png: ['png'],
};
