import '@testing-library/jest-dom/vitest';
import '../lib/i18n.ts';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  localStorage.clear();
});
