import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { sendProblem } from './errors.ts';

const isApiPath = (url: string) => /^\/(api|v1)(\/|$|\?)/.test(url);

/**
 * Serves the built single-page app: files from dist, index.html (the pre-rendered landing page,
 * in Arabic) or index.en.html (in English, for a reader whose `lang` cookie says so: set by the
 * page's language switch) for `/`, the shell with the screen's chunks named up front for the
 * paths of dist/route-shells.json (the sign-in pages and the dashboard: app-<name>.html or
 * app-<name>.en.html, by the same cookie), and app.html (the empty shell) for every other GET
 * path (client-side routes). API paths never fall through to the app: they answer 404
 * problem+json.
 */
export async function registerWebApp(app: FastifyInstance, distDir: string) {
  const hasBuild = existsSync(path.join(distDir, 'index.html'));
  const hasShell = existsSync(path.join(distDir, 'app.html'));
  const hasEnglish = existsSync(path.join(distDir, 'index.en.html'));
  const routeShellsFile = path.join(distDir, 'route-shells.json');
  const routeShells: Record<string, string> = existsSync(routeShellsFile)
    ? JSON.parse(readFileSync(routeShellsFile, 'utf8'))
    : {};
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each file (apps/web/vite.config.ts): sent as they are.
      preCompressed: true,
      setHeaders(reply, filePath) {
        // Hashed file names never change content: cache them for a year.
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else if (/\.html(\.br|\.gz)?$/.test(filePath)) {
          // The pages name the hashed files of the current build: always revalidated.
          reply.header('Cache-Control', 'no-cache');
        }
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    if (isApiPath(request.url) || !hasBuild || !['GET', 'HEAD'].includes(request.method)) {
      return sendProblem(
        reply,
        404,
        'route_not_found',
        `No route ${request.method} ${request.url.split('?')[0]}`,
      );
    }
    if (path.extname(request.url.split('?')[0]!)) {
      return reply.code(404).type('text/plain').send('Not found');
    }
    reply.header('Cache-Control', 'no-cache');
    // index.html holds the landing page pre-rendered (apps/web/scripts/prerender.mjs): it is
    // for `/` only; every other client route gets the empty shell, so it never flashes the
    // landing page. A build without the pre-rendering step has no app.html.
    const requestPath = request.url.split('?')[0]!;
    const routeShell = Object.hasOwn(routeShells, requestPath)
      ? routeShells[requestPath]
      : undefined;
    if (requestPath !== '/' && !routeShell) {
      return reply.sendFile(hasShell ? 'app.html' : 'index.html');
    }
    // Caches keep one answer per cookie: an English reader never gets the Arabic page, nor back.
    reply.header('Vary', 'Cookie');
    const english = request.cookies.lang === 'en';
    if (routeShell) return reply.sendFile(`${routeShell}${english ? '.en' : ''}.html`);
    return reply.sendFile(english && hasEnglish ? 'index.en.html' : 'index.html');
  });
}
