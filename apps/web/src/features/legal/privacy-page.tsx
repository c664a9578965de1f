import { PRODUCT_NAME } from '@coincard/shared';
import { LegalDocument } from './components/legal-document';
import { PRIVACY_LAST_UPDATED } from './content/legal-dates';
import { PRIVACY_SECTIONS } from './content/privacy-sections';

/** /privacy: the Privacy Policy. */
export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      eyebrow="Legal"
      intro={`What personal data ${PRODUCT_NAME} keeps, why, who else sees it, for how long, and how to have it deleted.`}
      lastUpdated={PRIVACY_LAST_UPDATED}
      sections={PRIVACY_SECTIONS}
    />
  );
}
