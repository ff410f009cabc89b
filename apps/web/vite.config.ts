import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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
        if (!/\.(js|css|html|svg|json)$/.test(fileName)) continue;
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

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
  // No data: URIs: the CSP allows fonts and images from our own origin only.
  // The manifest tells scripts/lighthouse.mjs which files the landing page loads.
  build: { sourcemap: false, chunkSizeWarningLimit: 600, assetsInlineLimit: 0, manifest: true },
  server: {
    port: 5173,
    // /docs is a page of this app (it reads /v1/openapi.json), not an API path.
    proxy: { '/api': apiTarget, '/v1': apiTarget },
  },
});
