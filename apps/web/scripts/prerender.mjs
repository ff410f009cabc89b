// After `vite build` and `vite build --ssr src/prerender/entry.tsx --outDir dist-ssr`: writes the
// landing page's HTML into dist/index.html (served for `/` only) and keeps the empty shell as
// dist/app.html (served for every other client route), each with its .gz and .br.
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const webDir = path.resolve(import.meta.dirname, '..');
const dist = path.join(webDir, 'dist');
const ROOT = '<div id="root"></div>';

function write(file, content) {
  const full = path.join(dist, file);
  writeFileSync(full, content);
  writeFileSync(`${full}.gz`, gzipSync(content, { level: 9 }));
  writeFileSync(
    `${full}.br`,
    brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY },
    }),
  );
}

const shell = readFileSync(path.join(dist, 'index.html'), 'utf8');
if (!shell.includes(ROOT)) throw new Error(`dist/index.html has no empty ${ROOT}`);
const { renderLanding } = await import(pathToFileURL(path.join(webDir, 'dist-ssr/entry.js')).href);
const rendered = await renderLanding();
if (!rendered.includes('<main')) throw new Error('The landing page rendered without its <main>');

// The CSP (style-src 'self') ignores style attributes in HTML, but not styles React sets from
// script: each style attribute becomes a data attribute with its rule in a small CSS file. The
// app then hydrates over it (React leaves attributes as they are; later updates set styles).
const styles = [];
const landing = rendered.replace(/ style="([^"]*)"/g, (_, style) => {
  let index = styles.indexOf(style);
  if (index < 0) index = styles.push(style) - 1;
  return ` data-prerender-style="${index}"`;
});
const css = styles
  .map((style, index) => `[data-prerender-style="${index}"]{${style.replaceAll('&quot;', '"')}}`)
  .join('\n');
const cssFile = `assets/prerender-${createHash('sha256').update(css).digest('hex').slice(0, 8)}.css`;
writeFileSync(path.join(dist, cssFile), css);

write('app.html', shell);
write(
  'index.html',
  shell
    .replace('</head>', `  <link rel="stylesheet" href="/${cssFile}">\n  </head>`)
    .replace(ROOT, `<div id="root">${landing}</div>`),
);
console.log(`prerender: dist/index.html holds the landing page (${landing.length} characters)`);
