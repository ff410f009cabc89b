import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

/**
 * Writes `.br` and `.gz` beside every text file of the build: the server sends them as they are
 * (@fastify/static `preCompressed`), so the first load travels compressed at no run-time cost.
 */
function precompress(): Plugin {
  return {
    name: 'tanqin-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json|wasm)$/.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        // Another build may be emptying the same folder meanwhile: skip what has gone.
        if (!existsSync(file)) continue;
        const content = readFileSync(file);
        if (content.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
      }
    },
  };
}

const fromHere = (file: string) => path.resolve(import.meta.dirname, file);

/**
 * `vite build --mode islands` (after the app's build, into the same dist/): the landing page's
 * script, src/features/landing/islands/main.ts, and the islands runtime it loads, with Preact in
 * place of React and plain links in place of React Router. scripts/prerender.mjs puts it into the
 * pre-rendered index.html.
 */
const islands = defineConfig({
  plugins: [react(), precompress()],
  resolve: {
    alias: [
      { find: /^react$/, replacement: 'preact/compat' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      {
        find: /^react-router$/,
        replacement: fromHere('src/features/landing/islands/plain-link.tsx'),
      },
    ],
  },
  build: {
    sourcemap: false,
    emptyOutDir: false,
    copyPublicDir: false,
    manifest: '.vite/islands-manifest.json',
    rollupOptions: {
      input: { 'landing-islands': fromHere('src/features/landing/islands/main.ts') },
    },
  },
});

/**
 * The app's chunks, few and in groups, so that a cold page needs few requests (issue 32.7: a cold
 * /login took 76): what every page runs at start in two files (the libraries; the app's shell);
 * the schemas and the form library in one, loaded by the screens with forms only; what the
 * screens share (the ui kit, lib) in one; a person's sign-in pages (sign in, register, forgot
 * password) in one; each language's texts in three (the sign-in pages'; a person's other pages;
 * the rest) instead of one a namespace. Every other screen keeps its own chunk. A chunk's modules
 * all run when it loads: what a screen that only reads (the dashboard) imports must not share a
 * chunk with a schema.
 */
// What a sign-in page reads (an English reader's first screen also waits for the shared texts
// and the landing page's, src/lib/i18n.ts; the Arabic ones are in the shell).
const SIGN_IN_TEXTS = /[\\/](common|landing|personal-auth)\.json$/;
const PERSONAL_TEXTS =
  /[\\/](personal-auth|personal-dashboard|personal-layout|codes|security|sessions|wallet|identity|documents|profile|receipt-check|public-pages)\.json$/;
const SHARED = /[\\/](node_modules|packages[\\/]shared|src[\\/](components|lib))[\\/]/;
const FORMS =
  /[\\/](node_modules[\\/](zod|react-hook-form|@hookform)[\\/]|packages[\\/]shared[\\/]src[\\/](schemas[\\/]|account-notices\.ts)|src[\\/]lib[\\/]server-field-errors\.ts)/;
const appChunks = [
  { name: 'vendor', test: /[\\/]node_modules[\\/]/, tags: ['$initial' as const], priority: 50 },
  { name: 'app', tags: ['$initial' as const], priority: 40 },
  {
    name: (id: string) => {
      const match = /[\\/]locales[\\/](ar|en)[\\/]/.exec(id);
      if (!match) return null;
      if (SIGN_IN_TEXTS.test(id)) return `texts-${match[1]}-sign-in`;
      return `texts-${match[1]}${PERSONAL_TEXTS.test(id) ? '-personal' : ''}`;
    },
    priority: 30,
  },
  {
    name: (id: string) => (FORMS.test(id) ? null : SHARED.test(id) ? 'shared' : null),
    minShareCount: 2,
    priority: 27,
  },
  // The schemas (zod builds each one as its module runs: 30-40 ms of a phone's main thread) and
  // the form library, for the screens with forms; a screen that only reads (the dashboard) never
  // loads them.
  { name: 'schemas', test: FORMS, priority: 25 },
  {
    name: 'sign-in',
    test: /[\\/](features[\\/]personal-auth[\\/]|routes[\\/](login|register|forgot-password)\.tsx)/,
    priority: 10,
  },
];

/** React Router's package resolves to its development build; the app ships its production one. */
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);

export default defineConfig(({ mode, command }) =>
  mode === 'islands'
    ? islands
    : {
        plugins: [react(), tailwindcss(), precompress()],
        resolve: {
          alias:
            command === 'build'
              ? [
                  { find: /^react-router$/, replacement: `${reactRouterDist}/index.mjs` },
                  { find: /^react-router\/dom$/, replacement: `${reactRouterDist}/dom-export.mjs` },
                ]
              : [],
        },
        // No data: URIs: the CSP allows fonts and images from our own origin only.
        build: {
          sourcemap: false,
          chunkSizeWarningLimit: 600,
          assetsInlineLimit: 0,
          manifest: true,
          rolldownOptions: { output: { codeSplitting: { groups: appChunks } } },
        },
        server: {
          port: 5173,
          // /docs is a page of this app (it reads /v1/openapi.json), not an API path.
          proxy: { '/api': apiTarget, '/v1': apiTarget, '/.well-known': apiTarget },
        },
      },
);
