/** How deep the `data` of a code may nest (the object itself is level 1) and how many values it may hold. */
export const TOKEN_DATA_MAX_DEPTH = 8;
export const TOKEN_DATA_MAX_VALUES = 1000;

export interface JsonLimits {
  maxDepth: number;
  maxValues: number;
}

/**
 * Whether parsed JSON nests deeper than `maxDepth` objects or arrays, or holds more than
 * `maxValues` values. Walks without recursion, so a body nested 20,000 levels deep is measured
 * safely before any recursive parser sees it; stops at the first breach.
 */
export function exceedsJsonLimits(value: unknown, limits: JsonLimits): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  let values = 1;
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > limits.maxDepth) return true;
    for (const child of Object.values(node)) {
      if (++values > limits.maxValues) return true;
      pending.push([child, depth + 1]);
    }
  }
  return false;
}
