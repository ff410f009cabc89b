// After `vite build`, `vite build --mode islands` and `vite build --ssr src/prerender/entry.tsx
// --outDir dist-ssr`: writes the landing page's HTML, in Arabic, into dist/index.html (served for
// `/` only) with the islands script in place of the app's, its English copy into
// dist/assets/landing-en-<hash>.html (fetched by that script for English readers), and keeps the
// app's empty shell as dist/app.html (served for every other client route), each with .gz and .br.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
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

const hashed = (name, extension, content) =>
  `assets/${name}-${createHash('sha256').update(content).digest('hex').slice(0, 8)}.${extension}`;

// On a second run over the same build, index.html is already the landing page: app.html is the shell.
const [shell] = ['index.html', 'app.html']
  .map((file) => path.join(dist, file))
  .filter((file) => existsSync(file))
  .map((file) => readFileSync(file, 'utf8'))
  .filter((html) => html.includes(ROOT));
if (!shell) throw new Error(`dist/index.html has no empty ${ROOT}`);
const { renderLanding } = await import(pathToFileURL(path.join(webDir, 'dist-ssr/entry.js')).href);
const rendered = { ar: await renderLanding('ar'), en: await renderLanding('en') };
for (const [language, html] of Object.entries(rendered)) {
  if (!html.includes('<main')) throw new Error(`The ${language} landing page has no <main>`);
}

// The CSP (style-src 'self') ignores style attributes in HTML, but not styles set from script:
// each style attribute becomes a data attribute with its rule in a small CSS file, shared by
// both languages. The islands hydrate over it (hydration leaves attributes as they are).
const styles = [];
const withoutStyles = (html) =>
  html.replace(/ style="([^"]*)"/g, (_, style) => {
    let index = styles.indexOf(style);
    if (index < 0) index = styles.push(style) - 1;
    return ` data-prerender-style="${index}"`;
  });
const landing = { ar: withoutStyles(rendered.ar), en: withoutStyles(rendered.en) };
const css = styles
  .map((style, index) => `[data-prerender-style="${index}"]{${style.replaceAll('&quot;', '"')}}`)
  .join('\n');
const cssFile = hashed('prerender', 'css', css);
writeFileSync(path.join(dist, cssFile), css);
const englishFile = hashed('landing-en', 'html', landing.en);
write(englishFile, landing.en);

// The landing page loads the islands script (and what it imports), never the app's.
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/islands-manifest.json'), 'utf8'));
const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
if (!entry) throw new Error('dist/.vite/islands-manifest.json has no entry');
const preloads = (entry.imports ?? []).map(
  (key) => `<link rel="modulepreload" crossorigin href="/${manifest[key].file}">`,
);
const appScripts = /\s*<(script type="module"|link rel="modulepreload")[^>]*>(<\/script>)?/g;
const landingHead = [
  `<script type="module" crossorigin src="/${entry.file}"></script>`,
  ...preloads,
  `<link rel="stylesheet" href="/${cssFile}">`,
].join('\n    ');

write('app.html', shell);
write(
  'index.html',
  shell
    .replace(appScripts, '')
    .replace(/\n\s*<\/head>/, `\n    ${landingHead}\n  </head>`)
    .replace(ROOT, `<div id="root" data-en-page="/${englishFile}">${landing.ar}</div>`),
);
console.log(
  `prerender: dist/index.html holds the landing page (${landing.ar.length} characters), ${englishFile} its English`,
);
