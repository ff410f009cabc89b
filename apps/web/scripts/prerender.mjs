// After `vite build`, `vite build --mode islands` and `vite build --ssr src/prerender/entry.tsx
// --outDir dist-ssr`: writes the landing page's HTML in Arabic into dist/index.html and in English
// into dist/index.en.html (apps/api/src/plugins/web-app.ts serves one of them for `/`, after the
// reader's `lang` cookie), each with the islands script in place of the app's; each language's
// copy of the page alone into dist/assets/landing-<language>-<hash>.html (fetched by that script
// when the reader switches); and keeps the app's empty shell as dist/app.html (served for every
// other client route), each with .gz and .br.
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
const { renderPage } = await import(pathToFileURL(path.join(webDir, 'dist-ssr/entry.js')).href);
const LANGUAGES = { ar: 'rtl', en: 'ltr' };
const rendered = { ar: await renderPage('/', 'ar'), en: await renderPage('/', 'en') };
for (const [language, { html }] of Object.entries(rendered)) {
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
const landing = { ar: withoutStyles(rendered.ar.html), en: withoutStyles(rendered.en.html) };
const css = styles
  .map((style, index) => `[data-prerender-style="${index}"]{${style.replaceAll('&quot;', '"')}}`)
  .join('\n');
const cssFile = hashed('prerender', 'css', css);
writeFileSync(path.join(dist, cssFile), css);
const pageFiles = {};
for (const [language, html] of Object.entries(landing)) {
  pageFiles[language] = hashed(`landing-${language}`, 'html', html);
  write(pageFiles[language], html);
}

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

const escapeAttribute = (text) => text.replaceAll('&', '&amp;').replaceAll('"', '&quot;');
const escapeText = (text) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');
const landingShell = shell
  .replace(appScripts, '')
  .replace(/\n\s*<\/head>/, `\n    ${landingHead}\n  </head>`);

write('app.html', shell);

// A cold sign-in page or dashboard names, beside the shell's own files, the chunk of its screen
// and the texts it reads in the reader's language, so the browser fetches them at once instead
// of one after the other (issue 32.7). Served for these paths by apps/api/src/plugins/web-app.ts
// after dist/route-shells.json, by the `lang` cookie as the landing page.
const appManifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const appEntry = Object.values(appManifest).find((chunk) => chunk.isEntry);
const inShell = new Set([
  appEntry.file,
  ...(appEntry.imports ?? []).map((key) => appManifest[key].file),
]);
const chunkFiles = (key, files = new Set()) => {
  const chunk = appManifest[key];
  if (!chunk) throw new Error(`dist/.vite/manifest.json has no ${key}`);
  if (!inShell.has(chunk.file) && !files.has(chunk.file)) {
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) chunkFiles(next, files);
  }
  return files;
};
const namedChunk = (name) => {
  const key = Object.keys(appManifest).find((candidate) => appManifest[candidate].name === name);
  if (!key) throw new Error(`dist/.vite/manifest.json has no chunk named ${name}`);
  return key;
};
// An English reader's first screen waits for the English shared texts too (src/lib/i18n.ts),
// which are in the sign-in pages' texts (apps/web/vite.config.ts).
const ROUTE_SHELLS = {
  'sign-in': {
    paths: ['/login', '/register', '/forgot-password'],
    chunk: namedChunk('sign-in'),
    texts: { ar: ['texts-ar-sign-in'], en: ['texts-en-sign-in'] },
  },
  dashboard: {
    paths: ['/dashboard'],
    chunk: 'src/routes/dashboard.tsx',
    texts: { ar: ['texts-ar-personal'], en: ['texts-en-sign-in', 'texts-en-personal'] },
  },
};
// The sign-in pages are pre-rendered into their shells as the landing page is (FCP and LCP from
// the HTML); the app hydrates them (src/main.tsx, src/app/take-over.ts). `texts`: the namespaces
// they read, loaded before rendering here and before hydrating there; `staleWhen`: when
// src/prerender/prerender-guard.js hides the HTML for the app to render another page in its place.
const PRERENDERED = {
  '/login': { texts: ['personalAuth'], staleWhen: 'signed-in' },
  '/register': { texts: ['personalAuth'] },
  '/forgot-password': { texts: ['personalAuth'], staleWhen: 'hash' },
  // The dashboard's frame, before its data: the app starts as soon as it is painted
  // (`start: 'painted'`), not at the first use, and hydrates it.
  '/dashboard': {
    texts: ['personalLayout', 'personalDashboard', 'identity'],
    staleWhen: 'signed-out',
    start: 'painted',
  },
};
const guard = readFileSync(path.join(webDir, 'src/prerender/prerender-guard.js'), 'utf8');
const guardFile = hashed('prerender-guard', 'js', guard);
write(guardFile, guard);
// The app's files are not named in the HTML: the guard script preloads them once the page has
// loaded (so they do not hold back its first paint on a slow line) and runs the entry at the
// visitor's first use.
const shellFiles = [...(appEntry.imports ?? []).map((key) => appManifest[key].file), appEntry.file];
const withPage = (pagePath, language, { texts, staleWhen, start }, page, files) =>
  shell
    .replace(appScripts, '')
    .replace(
      /<html lang="[^"]*" dir="[^"]*">/,
      () =>
        `<html lang="${language}" dir="${LANGUAGES[language]}" data-prerendered="${pagePath}"` +
        ` data-app-entry="/${appEntry.file}"` +
        ` data-app-files="${[...shellFiles, ...files].map((file) => `/${file}`).join(' ')}"` +
        ` data-prerender-language="${language}" data-prerender-texts="${texts.join(',')}"` +
        `${staleWhen ? ` data-prerender-stale-when="${staleWhen}"` : ''}` +
        `${start ? ` data-prerender-start="${start}"` : ''}>`,
    )
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(page.title)}</title>`)
    .replace(
      /\n(\s*)<meta charset="UTF-8" \/>/,
      (line, indent) => `${line}\n${indent}<script src="/${guardFile}"></script>`,
    )
    .replace(ROOT, () => `<div id="root">${page.html}</div>`);

const routeShells = {};
for (const [name, { paths, chunk, texts }] of Object.entries(ROUTE_SHELLS)) {
  for (const language of Object.keys(LANGUAGES)) {
    const files = chunkFiles(chunk);
    for (const text of texts[language]) chunkFiles(namedChunk(text), files);
    const preloads = [...files].map(
      (file) => `<link rel="modulepreload" crossorigin href="/${file}">`,
    );
    const routeShell = shell.replace(
      /\n\s*<\/head>/,
      `\n    ${preloads.join('\n    ')}\n  </head>`,
    );
    const suffix = language === 'ar' ? '' : `.${language}`;
    for (const pagePath of paths) {
      const prerendered = PRERENDERED[pagePath];
      const base = prerendered ? `app${pagePath.replaceAll('/', '-')}` : `app-${name}`;
      routeShells[pagePath] = base;
      if (!prerendered) {
        write(`${base}${suffix}.html`, routeShell);
        continue;
      }
      const page = await renderPage(pagePath, language, prerendered.texts);
      if (!page.html.includes('<main'))
        throw new Error(`The ${language} ${pagePath} has no <main>`);
      // The CSP ignores style attributes in HTML (the landing page's become a CSS file, above).
      if (/ style="/.test(page.html)) throw new Error(`${pagePath} has a style attribute`);
      const html = withPage(pagePath, language, prerendered, page, files);
      if (
        !html.includes(`data-prerendered="${pagePath}"`) ||
        !html.includes(guardFile) ||
        /<script type="module"|modulepreload/.test(html)
      ) {
        throw new Error(`dist/${base}${suffix}.html: the pre-rendered page was not put in`);
      }
      write(`${base}${suffix}.html`, html);
    }
  }
}
writeFileSync(path.join(dist, 'route-shells.json'), `${JSON.stringify(routeShells, null, 2)}\n`);
for (const [language, dir] of Object.entries(LANGUAGES)) {
  const { title, description } = rendered[language];
  // The root names the page's language and where the other language's copy is, for the islands.
  const others = Object.keys(LANGUAGES)
    .filter((other) => other !== language)
    .map((other) => ` data-${other}-page="/${pageFiles[other]}"`)
    .join('');
  // Replaced by functions: a `$` in the copy is no replacement pattern.
  const page = landingShell
    .replace(/<html lang="[^"]*" dir="[^"]*">/, () => `<html lang="${language}" dir="${dir}">`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"/,
      () => `<meta name="description" content="${escapeAttribute(description)}"`,
    )
    .replace(
      ROOT,
      () => `<div id="root" data-language="${language}"${others}>${landing[language]}</div>`,
    );
  if (!page.includes(`<html lang="${language}"`) || !page.includes(`<title>${escapeText(title)}`)) {
    throw new Error(`dist/index.html: the ${language} page's <html lang> or <title> was not set`);
  }
  write(language === 'ar' ? 'index.html' : `index.${language}.html`, page);
}
console.log(
  `prerender: dist/index.html and dist/index.en.html hold the landing page (${landing.ar.length} and ${landing.en.length} characters)`,
);
