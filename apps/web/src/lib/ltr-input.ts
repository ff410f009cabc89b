/**
 * Props for inputs whose values are Latin (emails, phone numbers). Read left to right, so a
 * half-typed "admin@" is not shown as "@admin"; aligned with the page's other fields while the
 * page is Arabic. Chromium also lays out tel inputs left to right on its own.
 */
export const LTR_INPUT = { dir: 'ltr', className: 'rtl:text-right' } as const;
