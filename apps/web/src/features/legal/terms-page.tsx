import { PRODUCT_NAME } from '@coincard/shared';
import { LegalDocument } from './components/legal-document';
import { TERMS_LAST_UPDATED } from './content/legal-dates';
import { TERMS_SECTIONS } from './content/terms-sections';

/** /terms: the Terms of Service. */
export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      eyebrow="Legal"
      intro={`The agreement between you and ${PRODUCT_NAME}: what the service is, who can use it, what it costs, and what each of us can expect.`}
      lastUpdated={TERMS_LAST_UPDATED}
      sections={TERMS_SECTIONS}
    />
  );
}
