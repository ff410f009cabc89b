import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
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

afterEach(() => {
  cleanup();
  localStorage.clear();
});
