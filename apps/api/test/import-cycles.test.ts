import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SOURCE = resolve(dirname(fileURLToPath(import.meta.url)), '../src');

/** Every module of apps/api/src (tests beside the code are not part of the server). */
function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** The relative imports and re-exports of a module, type-only ones included. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/^\s*(?:import|export)\b[^;'"]*?from\s*'(\.[^']+)'/gm),
    ...text.matchAll(/^\s*import\s*'(\.[^']+)'/gm),
    ...text.matchAll(/\bimport\(\s*'(\.[^']+)'\s*\)/g),
  ].map((match) => match[1]!);
  return specifiers.map((specifier) => resolve(dirname(file), specifier));
}

/** The circles of a graph: each strongly connected group of more than one module (Tarjan). */
function circles(graph: Map<string, string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const group: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      const selfImport = graph.get(node)?.includes(node);
      if (group.length > 1 || selfImport) found.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

describe('the server modules', () => {
  const files = sourceFiles(SOURCE);
  const graph = new Map(files.map((file) => [file, importsOf(file)]));

  it('resolve every relative import to a module of apps/api/src or beyond it', () => {
    expect(files.length).toBeGreaterThan(100);
    const unresolved = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((target) => target.startsWith(SOURCE) && !graph.has(target))
        .map((target) => `${relative(SOURCE, file)} -> ${relative(SOURCE, target)}`),
    );
    expect(unresolved).toEqual([]);
  });

  const moduleOf = (file: string) => relative(SOURCE, file).match(/^modules\/([^/]+)\//)?.[1];
  /** Every import of a module's file from another module that does not go through its index.ts. */
  const reachingIn = (edges: Map<string, string[]>) =>
    [...edges].flatMap(([file, targets]) =>
      targets
        .filter((target) => {
          const module = moduleOf(target);
          return (
            module !== undefined &&
            moduleOf(file) !== undefined &&
            moduleOf(file) !== module &&
            !target.endsWith(`/modules/${module}/index.ts`)
          );
        })
        .map((target) => `${relative(SOURCE, file)} -> ${relative(SOURCE, target)}`),
    );

  it('reach another module only through its public file, index.ts (app.ts and the commands compose them)', () => {
    expect(reachingIn(graph)).toEqual([]);
    // Each public file exists and re-exports only its own module's files.
    const publicFiles = files.filter((file) =>
      /^modules\/[^/]+\/index\.ts$/.test(relative(SOURCE, file)),
    );
    expect(publicFiles.length).toBeGreaterThan(10);
    const foreign = publicFiles.flatMap((file) =>
      graph
        .get(file)!
        .filter((target) => moduleOf(target) !== moduleOf(file))
        .map((target) => `${relative(SOURCE, file)} -> ${relative(SOURCE, target)}`),
    );
    expect(foreign).toEqual([]);
  });

  it("would name an import into another module's private file", () => {
    const at = (path: string) => join(SOURCE, path);
    const made = new Map([
      [
        at('modules/codes/codes.service.ts'),
        [
          at('modules/auth/users.service.ts'),
          at('modules/auth/index.ts'),
          at('modules/codes/codes.routes.ts'),
        ],
      ],
      [at('plugins/errors.ts'), [at('lib/app-error.ts')]],
    ]);
    expect(reachingIn(made)).toEqual([
      'modules/codes/codes.service.ts -> modules/auth/users.service.ts',
    ]);
  });

  it('import downwards only: src/lib, src/db, the context and the configuration never a plugin or a module, a plugin never a module', () => {
    const layer = (file: string) => relative(SOURCE, file).split('/')[0];
    const below: Record<string, string[]> = {
      lib: ['plugins', 'modules'],
      db: ['plugins', 'modules'],
      'app-context.ts': ['plugins', 'modules'],
      'config.ts': ['plugins', 'modules'],
      plugins: ['modules'],
    };
    const upwards = [...graph].flatMap(([file, targets]) =>
      targets
        .filter((target) => below[layer(file)!]?.includes(layer(target)!))
        .map((target) => `${relative(SOURCE, file)} -> ${relative(SOURCE, target)}`),
    );
    expect(upwards).toEqual([]);
  });

  it('keep each route file to about 200 lines, one resource or a few (a module registers them in order)', () => {
    const long = files
      .filter((file) => file.endsWith('.routes.ts'))
      .map(
        (file) =>
          [relative(SOURCE, file), readFileSync(file, 'utf8').split('\n').length - 1] as const,
      )
      .filter(([, lines]) => lines > 200);
    expect(long).toEqual([]);
  });

  it('import one another without a circle', () => {
    const named = circles(graph).map((group) => group.map((file) => relative(SOURCE, file)));
    expect(named).toEqual([]);
  });

  it('would name a circle if there were one', () => {
    const made = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
    ]);
    expect(circles(made)).toEqual([['a', 'b', 'c']]);
  });
});
