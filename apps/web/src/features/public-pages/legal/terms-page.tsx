import { LegalDocument } from './legal-document.tsx';

/** /terms */
export function TermsPage() {
  return <LegalDocument doc="terms" />;
}
