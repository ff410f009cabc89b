import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, expect, it } from 'vitest';
import { request, startTestServer } from './harness.ts';

const FIXTURE = join(import.meta.dirname, 'fixtures/integrator/integrator.ts');

// The documents do not depend on the database: one server on PGlite serves both.
const server = await startTestServer('pglite');
const folder = mkdtempSync(join(tmpdir(), 'tanqin-generated-types-'));
afterAll(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
}, 120_000);

/**
 * What an integrator does: types from each document with openapi-typescript, as its guide says
 * (`defaultNonNullable: false`, so a request field with a default stays optional), then their
 * own code, compiled under strict settings.
 */
it('openapi-typescript turns both documents into types an integrator compiles against', async () => {
  for (const [file, path] of [
    ['public-api.ts', '/v1/openapi.json'],
    ['dashboard-api.ts', '/api/v1/openapi.json'],
  ] as const) {
    const answer = await request(server.baseUrl, 'GET', path);
    expect(answer.status).toBe(200);
    const types = await openapiTS(answer.body, { defaultNonNullable: false });
    writeFileSync(join(folder, file), astToString(types));
  }
  copyFileSync(FIXTURE, join(folder, 'integrator.ts'));

  const program = ts.createProgram([join(folder, 'integrator.ts')], {
    strict: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    allowImportingTsExtensions: true,
    lib: ['lib.es2022.d.ts', 'lib.dom.d.ts'],
    types: [],
    skipLibCheck: true,
  });
  const errors = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file
      ? `${diagnostic.file.fileName.slice(folder.length + 1)}:${
          diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line + 1
        } `
      : '';
    return `${where}TS${diagnostic.code}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
  expect(errors).toEqual([]);
}, 120_000);
