// `node --import ./scripts/register-typescript.mjs <file.ts>` runs the server's TypeScript on any
// supported Node. Node 22.18+ and 23.6+ strip types themselves (process.features.typescript is
// 'strip'), so nothing is loaded; older Node (20, the machine's while it is installed) registers
// tsx's loader instead.
// Native stripping refuses files under node_modules. The workspace packages (@tanqin/shared
// exports its .ts source) are symlinks there that Node resolves to their real path in packages/,
// so they are stripped like the server's own files.
if (!process.features.typescript) {
  const { register } = await import('tsx/esm/api');
  register();
}
