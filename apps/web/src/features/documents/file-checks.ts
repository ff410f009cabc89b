import { DOCUMENT_MAX_BYTES, type DocumentFileType } from '@tanqin/shared';

/** What the file picker offers; the content is what decides (checkFile). */
export const ACCEPTED_FILES = '.pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png';

const SIGNATURES: [DocumentFileType, number[]][] = [
  ['pdf', [0x25, 0x50, 0x44, 0x46, 0x2d]], // %PDF-
  ['jpeg', [0xff, 0xd8, 0xff]],
  ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]],
];

export type FileProblem = 'too_large' | 'unsupported' | 'empty';

function readHead(file: File, length: number): Promise<Uint8Array> {
  const head = file.slice(0, length);
  if (typeof head.arrayBuffer === 'function') {
    return head.arrayBuffer().then((buffer) => new Uint8Array(buffer));
  }
  // jsdom's Blob has no arrayBuffer(); FileReader works everywhere.
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(head);
  });
}

/**
 * Checks a chosen file before any byte is sent, as the server will: at most 10 MB, and a PDF,
 * JPEG or PNG by its first bytes (a text file renamed .pdf is refused), whatever its name says.
 */
export async function checkFile(
  file: File,
): Promise<{ ok: true; fileType: DocumentFileType } | { ok: false; problem: FileProblem }> {
  if (file.size === 0) return { ok: false, problem: 'empty' };
  if (file.size > DOCUMENT_MAX_BYTES) return { ok: false, problem: 'too_large' };
  const head = await readHead(file, 8);
  const match = SIGNATURES.find(([, bytes]) => bytes.every((byte, i) => head[i] === byte));
  return match ? { ok: true, fileType: match[0] } : { ok: false, problem: 'unsupported' };
}
