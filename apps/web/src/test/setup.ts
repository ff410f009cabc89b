import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import i18n, { namespaceOf } from '../lib/i18n.ts';

// Tests render screens synchronously: every Arabic file is in the store from the start (the app
// itself fetches each namespace as a chunk when a screen needs it).
const arabic = import.meta.glob<{ default: Record<string, unknown> }>('../locales/ar/*.json', {
  eager: true,
});
for (const [path, module] of Object.entries(arabic)) {
  i18n.addResourceBundle('ar', namespaceOf(path), module.default);
}

// findBy and waitFor wait for what a screen shows after its requests; 1 s (the default) is too
// short for a first render on a loaded 2-core CI machine. A passing test never waits longer.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
