import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_URL ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  // No data: URIs: the CSP allows fonts and images from our own origin only.
  build: { sourcemap: false, chunkSizeWarningLimit: 600, assetsInlineLimit: 0 },
  server: {
    port: 5173,
    // /docs is a page of this app (it reads /v1/openapi.json), not an API path.
    proxy: { '/api': apiTarget, '/v1': apiTarget },
  },
});
