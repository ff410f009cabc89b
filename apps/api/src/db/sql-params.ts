/** Collects positional parameters while a statement is assembled from parts. */
export class SqlParams {
  readonly values: unknown[] = [];
  /** Adds a value and returns its placeholder, with an optional cast (`$3::uuid`). */
  add(value: unknown, cast?: string): string {
    this.values.push(value);
    return cast ? `$${this.values.length}::${cast}` : `$${this.values.length}`;
  }
}
