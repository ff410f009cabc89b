// Node 22.18+ strips the types of every .ts file it loads, at every start: about 0.5 s of CPU for
// the server's 290 files (amaro's WebAssembly), which its compile cache does not keep (it keeps
// the compiled code of the stripped source). This keeps the stripped source on disk, named by a
// hash of the .ts file's content, so a restart strips only the files that changed. The same
// function Node uses (module.stripTypeScriptTypes, mode 'strip': types become spaces, so line and
// column numbers stay those of the .ts file), and the same format Node gives a .ts file of a
// "type": "module" package; files under node_modules are left to Node, which refuses them.
// Measured in docs/capacity.md (start to ready).
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import module from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const folder = path.join(
  process.env.NODE_COMPILE_CACHE || tmpdir(),
  `tanqin-stripped-typescript-${process.version}`,
);

/**
 * What is read from the folder is run as code: it must be this user's own and writable by no
 * one else (the temporary folder is everyone's), else nothing is kept and every file is stripped.
 */
function isPrivateFolder() {
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const stat = statSync(folder);
    return stat.isDirectory() && stat.uid === process.getuid?.() && (stat.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

let warned = false;
/** Node's stripper; the ExperimentalWarning it gives on its first use is not for the log. */
function strip(source) {
  if (warned) return module.stripTypeScriptTypes(source, { mode: 'strip' });
  const emitWarning = process.emitWarning;
  process.emitWarning = (warning, ...rest) => {
    if (!String(warning).startsWith('stripTypeScriptTypes'))
      emitWarning.call(process, warning, ...rest);
  };
  try {
    return module.stripTypeScriptTypes(source, { mode: 'strip' });
  } finally {
    process.emitWarning = emitWarning;
    warned = true;
  }
}

function stripped(file) {
  const source = readFileSync(file, 'utf8');
  const name = path.join(folder, `${createHash('sha1').update(source).digest('hex')}.js`);
  try {
    return readFileSync(name, 'utf8');
  } catch {
    const code = strip(source);
    try {
      // Whole or not at all: another process may read it at once.
      const partial = `${name}.${process.pid}`;
      writeFileSync(partial, code, { mode: 0o600 });
      renameSync(partial, name);
    } catch {
      // A folder that cannot be written only costs the next start the stripping.
    }
    return code;
  }
}

export function cacheStrippedTypeScript() {
  // `node --watch` learns the files to watch from Node's own loading of them.
  if (process.features.typescript !== 'strip' || !module.registerHooks) return;
  if (process.env.WATCH_REPORT_DEPENDENCIES || !isPrivateFolder()) return;
  module.registerHooks({
    load(url, context, nextLoad) {
      if (!url.startsWith('file:') || !url.endsWith('.ts') || url.includes('/node_modules/')) {
        return nextLoad(url, context);
      }
      return { format: 'module', source: stripped(fileURLToPath(url)), shortCircuit: true };
    },
  });
}
