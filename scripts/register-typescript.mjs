// `node --import ./scripts/register-typescript.mjs <file.ts>` runs the server's TypeScript on any
// supported Node. Node 22.18+ and 23.6+ strip types themselves (process.features.typescript is
// 'strip'), so nothing is loaded; older Node (20, the machine's while it is installed) registers
// tsx's loader instead.
// Native stripping refuses files under node_modules. The workspace packages (@tanqin/shared
// exports its .ts source) are symlinks there that Node resolves to their real path in packages/,
// so they are stripped like the server's own files.
import module from 'node:module';

if (!process.features.typescript) {
  const { register } = await import('tsx/esm/api');
  register();
} else {
  // The stripped files kept on disk between starts (scripts/typescript-cache.mjs).
  const { cacheStrippedTypeScript } = await import('./typescript-cache.mjs');
  cacheStrippedTypeScript();
}

// Node 22.1+: V8 keeps the compiled code of every module on disk (in NODE_COMPILE_CACHE, else the
// temporary folder) and the next start reuses it (bench/start, docs/capacity.md). Older Node has
// no such cache (tsx keeps its own of the stripped files).
module.enableCompileCache?.();
