import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DOCUMENT_MAX_BYTES } from '@tanqin/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { keyRing } from '../src/lib/key-ring.ts';
import { uploadDocument } from '../src/modules/documents/documents.service.ts';
import {
  moveDocumentFiles,
  readSealedContent,
  sealContent,
} from '../src/modules/documents/index.ts';
import { databaseKinds, request, startTestServer, type TestServer } from './harness.ts';
import { createIndividual } from './personal-helpers.ts';

/** A small but real PDF, with a marker to look for on disk. */
const MARKER = 'TANQIN-PLAINTEXT-MARKER-7f3a';
const pdf = Buffer.from(
  `%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${MARKER}\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
);
/** A 1x1 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);
const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('JFIF jpeg body')]);

describe.each(databaseKinds)('an individual’s documents on %s', (kind) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(kind);
  });
  afterAll(() => server.close());

  /** The documents whose content the database holds. */
  const stored = async () =>
    (
      await server.db.query<{ id: string }>(
        'select document_id::text as id from document_files order by 1',
      )
    ).map((row) => row.id);

  async function upload(
    token: string | undefined,
    query: Record<string, string>,
    body: Buffer,
    contentType = 'application/octet-stream',
    method = 'POST',
    urlPath = '/api/v1/documents',
  ) {
    const response = await fetch(`${server.baseUrl}${urlPath}?${new URLSearchParams(query)}`, {
      method,
      headers: {
        'content-type': contentType,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: new Uint8Array(body),
    });
    return { status: response.status, body: await response.json() };
  }

  async function file(token: string, id: string, query = '') {
    const response = await fetch(`${server.baseUrl}/api/v1/documents/${id}/file${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    return {
      status: response.status,
      headers: response.headers,
      bytes: Buffer.from(await response.arrayBuffer()),
    };
  }

  const list = async (token: string, status?: string) =>
    request(server.baseUrl, 'GET', `/api/v1/documents${status ? `?status=${status}` : ''}`, {
      token,
    });

  it('uploads a real PDF: pending, listed, encrypted in the database, read back exactly with safe headers', async () => {
    const person = await createIndividual(server);
    const name = 'الهوية الوطنية.pdf';
    const created = await upload(
      person.token,
      { type: 'national_id', name },
      pdf,
      'application/pdf',
    );
    expect(created.status).toBe(201);
    const document = created.body.document;
    expect(document).toMatchObject({
      name,
      type: 'national_id',
      status: 'pending',
      file_type: 'pdf',
      content_type: 'application/pdf',
      file_size: pdf.length,
      notes: null,
    });

    const listed = await list(person.token);
    expect(listed.status).toBe(200);
    expect(listed.body.documents).toEqual([document]);

    // At rest, in the database (every process reads it) and in no file: neither the content nor
    // the file name is readable.
    const atRest = (await readSealedContent(server.db, document.id))!;
    expect(atRest.includes(MARKER)).toBe(false);
    expect(atRest.includes('%PDF')).toBe(false);
    expect(atRest.length).toBeGreaterThan(pdf.length);
    expect(existsSync(path.join(server.ctx.config.documentsDir, `${document.id}.bin`))).toBe(false);
    const [row] = await server.db.query<Record<string, unknown>>(
      'select * from documents where id = $1',
      [document.id],
    );
    expect(JSON.stringify(row)).not.toContain('الهوية');

    const inline = await file(person.token, document.id);
    expect(inline.status).toBe(200);
    expect(inline.bytes.equals(pdf)).toBe(true);
    expect(inline.headers.get('content-type')).toBe('application/pdf');
    expect(inline.headers.get('cache-control')).toContain('no-store');
    expect(inline.headers.get('x-content-type-options')).toBe('nosniff');
    expect(inline.headers.get('content-disposition')).toMatch(/^inline; /);

    const download = await file(person.token, document.id, '?download=1');
    expect(download.bytes.equals(pdf)).toBe(true);
    const disposition = download.headers.get('content-disposition')!;
    expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(decodeURIComponent(disposition.split("UTF-8''")[1]!)).toBe(name);
  });

  it('decides the type by content: PNG bytes named .pdf are a PNG; JPEG is accepted; text and HTML are refused', async () => {
    const person = await createIndividual(server);
    const renamed = await upload(
      person.token,
      { type: 'passport', name: 'passport.pdf' },
      png,
      'application/pdf',
    );
    expect(renamed.status).toBe(201);
    expect(renamed.body.document).toMatchObject({ file_type: 'png', content_type: 'image/png' });
    const served = await file(person.token, renamed.body.document.id, '?download=1');
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-disposition')).toContain('filename="passport.png"');

    const photo = await upload(
      person.token,
      { type: 'driving_license', name: 'رخصة.jpg' },
      jpeg,
      'image/jpeg',
    );
    expect(photo.status).toBe(201);
    expect(photo.body.document.file_type).toBe('jpeg');

    const before = await stored();
    for (const [body, contentType, name] of [
      [Buffer.from('just some text, not a document\n'), 'text/plain', 'notes.pdf'],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'application/pdf', 'x.pdf'],
      [Buffer.from('{"a":1}'), 'application/json', 'x.png'],
      [Buffer.alloc(0), 'application/pdf', 'empty.pdf'],
    ] as const) {
      const refused = await upload(person.token, { type: 'education', name }, body, contentType);
      expect(refused.status, contentType).toBe(415);
      expect(refused.body.code).toBe('unsupported_file_type');
      expect(refused.body.detail_ar).toBe('يُقبل ملف PDF أو JPEG أو PNG فقط');
    }
    expect(await stored()).toEqual(before);
    expect((await list(person.token)).body.documents).toHaveLength(2);
  });

  it('accepts 10 MB and refuses more with 413 and the Arabic message', async () => {
    const person = await createIndividual(server);
    const atLimit = Buffer.alloc(DOCUMENT_MAX_BYTES, 0x20);
    pdf.copy(atLimit);
    const accepted = await upload(person.token, { type: 'education', name: 'big.pdf' }, atLimit);
    expect(accepted.status).toBe(201);
    expect(accepted.body.document.file_size).toBe(DOCUMENT_MAX_BYTES);

    const before = await stored();
    const tooBig = Buffer.alloc(DOCUMENT_MAX_BYTES + 1, 0x20);
    pdf.copy(tooBig);
    const refused = await upload(person.token, { type: 'education', name: 'bigger.pdf' }, tooBig);
    expect(refused.status).toBe(413);
    expect(refused.body.code).toBe('payload_too_large');
    expect(refused.body.detail_ar).toBe('الحد الأقصى لحجم الملف 10 ميجابايت');
    expect(await stored()).toEqual(before);
  });

  it('validates the query and the caller before reading the file', async () => {
    const person = await createIndividual(server);
    const badType = await upload(person.token, { type: 'birth_certificate', name: 'a.pdf' }, pdf);
    expect(badType.status).toBe(400);
    expect(badType.body.errors[0]).toMatchObject({ path: 'type', code: 'documentTypeInvalid' });
    expect(badType.body.detail_ar).toBe('يرجى اختيار نوع المستند');
    const noName = await upload(person.token, { type: 'passport', name: '  ' }, pdf);
    expect(noName.status).toBe(400);
    expect(noName.body.errors[0].code).toBe('documentNameRequired');
    expect((await upload(undefined, { type: 'passport', name: 'a.pdf' }, pdf)).status).toBe(401);
    expect((await list(person.token, 'lost')).status).toBe(400);
  });

  it('keeps each person’s documents to themselves: another person gets 404 everywhere', async () => {
    const owner = await createIndividual(server);
    const other = await createIndividual(server);
    const { body } = await upload(owner.token, { type: 'address_proof', name: 'فاتورة.pdf' }, pdf);
    const id = body.document.id;

    expect((await list(other.token)).body.documents).toEqual([]);
    expect((await file(other.token, id)).status).toBe(404);
    const replaced = await upload(
      other.token,
      { name: 'x.png' },
      png,
      'image/png',
      'PUT',
      `/api/v1/documents/${id}/file`,
    );
    expect(replaced.status).toBe(404);
    const deleted = await request(server.baseUrl, 'DELETE', `/api/v1/documents/${id}`, {
      token: other.token,
    });
    expect(deleted.status).toBe(404);
    expect((await file(other.token, 'not-a-uuid')).status).toBe(404);

    // Untouched for its owner.
    const mine = await file(owner.token, id);
    expect(mine.status).toBe(200);
    expect(mine.bytes.equals(pdf)).toBe(true);
  });

  it('filters by status, re-uploads a rejected document back to pending, refuses to replace a verified one', async () => {
    const person = await createIndividual(server);
    const a = (await upload(person.token, { type: 'passport', name: 'passport.pdf' }, pdf)).body
      .document;
    const b = (await upload(person.token, { type: 'education', name: 'degree.pdf' }, pdf)).body
      .document;
    // A reviewer decides through the operator route, with the server's OPERATOR_TOKEN only.
    const review = (id: string, json: unknown, token = server.ctx.config.operatorToken) =>
      request(server.baseUrl, 'POST', `/api/v1/operator/documents/${id}/review`, { token, json });
    expect((await review(a.id, { status: 'verified' }, person.token)).status).toBe(401);
    expect((await review(a.id, { status: 'lost' })).status).toBe(400);
    expect((await review(randomUUID(), { status: 'verified' })).status).toBe(404);
    expect((await review(a.id, { status: 'rejected', notes: 'الصورة غير واضحة' })).body).toEqual({
      id: a.id,
      status: 'rejected',
      notes: 'الصورة غير واضحة',
    });
    expect((await review(b.id, { status: 'verified' })).status).toBe(200);

    const rejected = await list(person.token, 'rejected');
    expect(rejected.body.documents).toEqual([
      expect.objectContaining({ id: a.id, status: 'rejected', notes: 'الصورة غير واضحة' }),
    ]);
    expect((await list(person.token, 'verified')).body.documents.map((d: any) => d.id)).toEqual([
      b.id,
    ]);
    expect((await list(person.token, 'pending')).body.documents).toEqual([]);
    expect((await list(person.token, 'all')).body.documents).toHaveLength(2);

    const again = await upload(
      person.token,
      { name: 'passport-clear.png' },
      png,
      'image/png',
      'PUT',
      `/api/v1/documents/${a.id}/file`,
    );
    expect(again.status).toBe(200);
    expect(again.body.document).toMatchObject({
      id: a.id,
      name: 'passport-clear.png',
      status: 'pending',
      notes: null,
      file_type: 'png',
      file_size: png.length,
    });
    const served = await file(person.token, a.id);
    expect(served.bytes.equals(png)).toBe(true);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect((await stored()).filter((id) => id === a.id)).toEqual([a.id]);

    const locked = await upload(
      person.token,
      { name: 'x.pdf' },
      pdf,
      'application/pdf',
      'PUT',
      `/api/v1/documents/${b.id}/file`,
    );
    expect(locked.status).toBe(409);
    expect(locked.body.code).toBe('document_verified');
  });

  it('deletes a document and its content', async () => {
    const person = await createIndividual(server);
    const { body } = await upload(person.token, { type: 'passport', name: 'p.pdf' }, pdf);
    const id = body.document.id;
    expect(await stored()).toContain(id);
    const deleted = await request(server.baseUrl, 'DELETE', `/api/v1/documents/${id}`, {
      token: person.token,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true });
    expect(await stored()).not.toContain(id);
    expect((await list(person.token)).body.documents).toEqual([]);
    expect((await file(person.token, id)).status).toBe(404);
  });

  it('leaves no content behind when the row cannot be written', async () => {
    const before = await stored();
    await expect(
      uploadDocument(
        server.ctx,
        '00000000-0000-4000-8000-000000000000',
        { type: 'passport', name: 'p.pdf' },
        pdf,
      ),
    ).rejects.toThrow();
    expect(await stored()).toEqual(before);
  });

  it('answers 503 document_unavailable, never 500, when its content is missing or does not open', async () => {
    const person = await createIndividual(server);
    const { body } = await upload(person.token, { type: 'passport', name: 'p.pdf' }, pdf);
    const id = body.document.id;
    const unavailable = async () => {
      const response = await fetch(`${server.baseUrl}/api/v1/documents/${id}/file`, {
        headers: { authorization: `Bearer ${person.token}` },
      });
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toContain('application/problem+json');
      expect(await response.json()).toMatchObject({
        code: 'document_unavailable',
        detail_ar: 'ملف هذا المستند غير متاح الآن، حاول مرة أخرى لاحقاً',
      });
    };
    // Another document's content does not open under this one's id.
    await server.db.query('update document_files set content = $2 where document_id = $1', [
      id,
      sealContent(server.ctx, randomUUID(), pdf),
    ]);
    await unavailable();
    await server.db.query('delete from document_files where document_id = $1', [id]);
    await unavailable();
    // Still listed, and its owner can still delete it.
    expect((await list(person.token)).body.documents.map((d: any) => d.id)).toEqual([id]);
    const deleted = await request(server.baseUrl, 'DELETE', `/api/v1/documents/${id}`, {
      token: person.token,
    });
    expect(deleted.status).toBe(200);
  });

  it('takes them in at start, before the first request: the embedded server moves them, a PostgreSQL process copies', async () => {
    const person = await createIndividual(server);
    const { id } = (await upload(person.token, { type: 'passport', name: 'p.pdf' }, pdf)).body
      .document;
    const dir = server.ctx.config.documentsDir;
    const kept = path.join(dir, `${id}.bin`);
    mkdirSync(dir, { recursive: true });
    writeFileSync(kept, (await readSealedContent(server.db, id))!);
    await server.db.query('delete from document_files where document_id = $1', [id]);
    // A new process of this version starting on the same database and folder.
    const { app } = await buildApp({
      config: server.ctx.config,
      db: server.db,
      runBackgroundJobs: false,
    });
    await app.ready();
    await app.close();
    expect((await file(person.token, id)).bytes).toEqual(pdf);
    // Processes of the previous version may still read the folder beside a PostgreSQL one.
    expect(existsSync(kept)).toBe(kind === 'postgres');
    rmSync(kept, { force: true });
  });

  it('moves the files of an older version into the database: copied, then moved, idempotent', async () => {
    const person = await createIndividual(server);
    const dir = server.ctx.config.documentsDir;
    mkdirSync(dir, { recursive: true });
    const write = (id: string, bytes: Buffer) => writeFileSync(path.join(dir, `${id}.bin`), bytes);
    const docs = [];
    for (const [bytes, name] of [
      [pdf, 'a.pdf'],
      [png, 'b.png'],
      [jpeg, 'c.jpg'],
    ] as const) {
      const { body } = await upload(person.token, { type: 'education', name }, bytes);
      docs.push({ id: body.document.id as string, bytes });
    }
    // As an older version kept them: each content a file `<id>.bin`, none in the database.
    for (const doc of docs) write(doc.id, (await readSealedContent(server.db, doc.id))!);
    const ids = docs.map((doc) => doc.id);
    await server.db.query('delete from document_files where document_id = any($1::uuid[])', [ids]);
    expect((await file(person.token, docs[0]!.id)).status).toBe(503);
    // Beside them: a deleted document's file, one sealed under a pepper no longer configured, and
    // half an upload an older version left.
    const gone = randomUUID();
    write(gone, sealContent(server.ctx, gone, pdf));
    const oldPepper = {
      ...server.ctx,
      keys: {
        ...server.ctx.keys,
        documents: keyRing(
          ['a-pepper-no-longer-configured-0123456789'],
          'tanqin/document-encryption',
        ),
      },
    };
    const sealedAway = (await upload(person.token, { type: 'passport', name: 'd.pdf' }, pdf)).body
      .document.id as string;
    await server.db.query('delete from document_files where document_id = $1', [sealedAway]);
    write(sealedAway, sealContent(oldPepper, sealedAway, pdf));
    const half = `${randomUUID()}.0a1b2c3d4e5f.tmp`;
    writeFileSync(path.join(dir, half), 'half');
    const left = [`${gone}.bin`, `${sealedAway}.bin`, half].sort();

    // A PostgreSQL process at start copies what the database lacks and touches no file.
    const copied = await moveDocumentFiles(server.ctx, { removeFiles: false });
    expect(copied).toMatchObject({
      files: 5,
      moved: 3,
      removed: 0,
      left_without_document: 1,
      left_unreadable: 1,
    });
    for (const doc of docs) expect((await file(person.token, doc.id)).bytes).toEqual(doc.bytes);
    expect(readdirSync(dir)).toHaveLength(6);

    // An older process re-uploads one meanwhile: its file and its row change, not the database.
    write(docs[0]!.id, sealContent(server.ctx, docs[0]!.id, png));
    await server.db.query('update documents set file_type = $2, file_size = $3 where id = $1', [
      docs[0]!.id,
      'png',
      png.length,
    ]);

    // The command: compares, takes the re-upload, deletes what the database holds.
    const moved = await moveDocumentFiles(server.ctx, { removeFiles: true });
    expect(moved).toMatchObject({
      files: 5,
      moved: 0,
      already_in_database: 2,
      replaced: 1,
      removed: 3,
      left_without_document: 1,
      left_unreadable: 1,
      left_differing: 0,
    });
    expect((await file(person.token, docs[0]!.id)).bytes).toEqual(png);
    expect(readdirSync(dir).sort()).toEqual(left);

    // Again: nothing more to do.
    expect(await moveDocumentFiles(server.ctx, { removeFiles: true })).toMatchObject({
      files: 2,
      moved: 0,
      already_in_database: 0,
      replaced: 0,
      removed: 0,
      left_without_document: 1,
      left_unreadable: 1,
    });
  });
});
