import type { Scope } from '@tanqin/shared';

/** i18next reads ":" as its namespace separator, so a scope's texts live under "token_generate". */
export const scopeTextKey = (scope: Scope) => scope.replace(':', '_');
