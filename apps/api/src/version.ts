import { readFileSync } from 'node:fs';
import path from 'node:path';

/** The release this server is (the root package.json's `version`; CHANGELOG.md has a section per version). */
export const VERSION: string = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8'),
).version;
